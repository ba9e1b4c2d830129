package dev.memdir.context;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Every text memdir adds to a model's context unasked, and tells a summarizer: the one renderer of them. */
final class ContextTexts {

    static final String CUT = " [...]";

    private ContextTexts() {}

    static String promptHeader() {
        return "Memories from earlier sessions that bear on this prompt (memdir; true when written, view a file for"
                + " the rest):";
    }

    static String fileHeader(String file) {
        return "Memories scoped to " + file + " (memdir; their paths: match it; true when written):";
    }

    /** What the context gets right after its summary; {@code given}: the session had been given memories. */
    static String afterSummaryHeader(boolean given) {
        String record = "The conversation was just summarized. Before you go on, record in /memories what the summary"
                + " holds that your memory does not have yet: the task's progress, decisions and next steps (memdir).";
        return given ? record + " The memories this session had been given:" : record;
    }

    /** One memory as it is given: a line with its path and description, then its text. */
    static String block(Offer offer, String text) {
        String label = offer.whole() ? offer.path() : offer.path() + " (excerpt)";
        String heading = offer.description().isBlank() ? label : label + ": " + offer.description();
        return "## " + heading + "\n" + text;
    }

    /** The line naming memories there was no room to give in full. */
    static String alsoGiven(List<Given> memories) {
        return "Also given before, by path: " + memories.stream().map(Given::path).collect(Collectors.joining(", "));
    }

    /** What memdir asks of the summary of a session's context: its progress kept, the memories it was given named. */
    static String beforeSummary(List<Given> given) {
        String ask = "memdir, the memory server: keep in the summary the task's progress, the decisions taken and what"
                + " is left to do, so that they can be recorded in memory afterwards.";
        if (given.isEmpty()) {
            return ask;
        }
        return ask + " These memory files were given to this session and come back after the summary, so it need"
                + " not repeat them: " + given.stream().map(Given::path).collect(Collectors.joining(", ")) + ".";
    }

    /** The reminder of a context that grows towards its summary. */
    static String progressReminder(long tokens) {
        return String.format(Locale.ROOT, "This session's context holds about %,d tokens and will be summarized"
                + " before long: record its progress, decisions and next steps in /memories now (memdir).", tokens);
    }
}

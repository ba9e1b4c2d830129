package dev.memdir.recall;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The texts recall answers with: a ranked list, and the best matches' contents as one message within a budget. */
public final class RecallDigest {

    /** Reads a match's current text by its virtual path; empty when it is gone. */
    public interface Contents {
        Optional<String> of(String path) throws IOException;
    }

    private RecallDigest() {}

    /** One line per match: path, score and description, best first. */
    public static String list(String query, List<RecallMatch> matches) {
        if (matches.isEmpty()) {
            return none(query);
        }
        StringBuilder text = new StringBuilder("Memory files matching \"" + query + "\", best first:");
        for (RecallMatch match : matches) {
            text.append('\n').append(match.path()).append('\t').append(score(match));
            if (!match.description().isBlank()) {
                text.append('\t').append(match.description());
            }
        }
        return text.toString();
    }

    /**
     * The contents of the best matches, whole, as many as fit in {@code budgetChars}; a first match larger than
     * the budget is cut there, with a note saying how to read the rest.
     */
    public static String contents(String query, List<RecallMatch> matches, Contents contents, int budgetChars)
            throws IOException {
        StringBuilder text = new StringBuilder("Memory files matching \"" + query + "\", best first, with their"
                + " contents:");
        int included = 0;
        for (RecallMatch match : matches) {
            Optional<String> content = contents.of(match.path());
            if (content.isEmpty()) {
                continue;
            }
            String section = "\n\n--- " + match.path() + " (score " + score(match) + ")\n" + content.get();
            if (text.length() + section.length() > budgetChars) {
                if (included == 0) {
                    text.append(section, 0, Math.max(0, budgetChars - text.length()))
                            .append("\n[cut at ").append(budgetChars).append(" characters; view ")
                            .append(match.path()).append(" for the rest]");
                    included++;
                }
                break;
            }
            text.append(section);
            included++;
        }
        return included == 0 ? none(query) : text.toString();
    }

    private static String none(String query) {
        return "No memory file matches \"" + query + "\".";
    }

    private static String score(RecallMatch match) {
        return String.format(Locale.ROOT, "%.2f", match.score());
    }
}

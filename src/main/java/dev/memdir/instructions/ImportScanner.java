package dev.memdir.instructions;

import java.util.ArrayList;
import java.util.List;

/** Finds the {@code @path} imports of a Markdown file, judged on its raw text but only where it is prose. */
final class ImportScanner {

    private static final String SENTENCE_PUNCTUATION = ".,;:!?";
    private static final String CLOSERS = ")]}";
    private static final String OPENERS = "([{";
    private static final String QUOTES = "\"'";

    private ImportScanner() {}

    /**
     * Returns the {@code @path} tokens of {@code markdown} in order: an {@code @} at the start of a line or after
     * white space, followed by a run of non-white-space characters ({@code \ } continues it as a space), in prose
     * only, without trailing sentence punctuation or unpaired closing brackets and quotes; an empty path is no import.
     */
    static List<ImportReference> scan(String markdown) {
        InlineText text = InlineText.of(markdown);
        List<ImportReference> imports = new ArrayList<>();
        int line = 1;
        int counted = 0;
        for (int at = 0; at < markdown.length(); at++) {
            if (!startsToken(markdown, text, at)) {
                continue;
            }
            StringBuilder path = new StringBuilder();
            int end = at + 1;
            while (end < markdown.length() && text.isProse(end) && !text.closesEmphasisOpenedBefore(end, at)) {
                char c = markdown.charAt(end);
                if (c == '\\' && markdown.startsWith(" ", end + 1) && text.isProse(end + 1)) {
                    path.append(' ');
                    end += 2;
                } else if (Character.isWhitespace(c)) {
                    break;
                } else {
                    path.append(c);
                    end++;
                }
            }
            String trimmed = withoutTrailingPunctuation(path.toString());
            if (!trimmed.isEmpty()) {
                line += lineBreaks(markdown, counted, at);
                counted = at;
                imports.add(new ImportReference(trimmed, line));
            }
            at = end - 1;
        }
        return List.copyOf(imports);
    }

    /** Returns whether an {@code @} in prose stands at {@code at}, at the start of a raw line or after white space. */
    private static boolean startsToken(String markdown, InlineText text, int at) {
        return markdown.charAt(at) == '@' && text.isProse(at)
                && (at == 0 || Character.isWhitespace(markdown.charAt(at - 1)));
    }

    /** Returns {@code path} without trailing sentence punctuation and closing brackets or quotes left unpaired. */
    private static String withoutTrailingPunctuation(String path) {
        int[] counts = new int[128];
        path.chars().filter(c -> c < counts.length).forEach(c -> counts[c]++);
        int end = path.length();
        while (end > 0) {
            char last = path.charAt(end - 1);
            int closer = CLOSERS.indexOf(last);
            boolean unpaired = SENTENCE_PUNCTUATION.indexOf(last) >= 0
                    || closer >= 0 && counts[OPENERS.charAt(closer)] < counts[last]
                    || QUOTES.indexOf(last) >= 0 && counts[last] % 2 == 1;
            if (!unpaired) {
                break;
            }
            counts[last]--;
            end--;
        }
        return path.substring(0, end);
    }

    /** Counts line breaks in {@code [from, to)}: CRLF, LF and a lone CR each end a line, as in CommonMark. */
    private static int lineBreaks(String text, int from, int to) {
        int breaks = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r' && (i + 1 == text.length() || text.charAt(i + 1) != '\n')) {
                breaks++;
            }
        }
        return breaks;
    }
}

package dev.memdir.frontmatter;

import java.util.Optional;

/** The YAML frontmatter block at the very start of a Markdown text. */
public final class Frontmatter {

    private final String yaml;
    private final int yamlStart;
    private final int bodyStart;
    private final String lineEnding;

    private Frontmatter(String yaml, int yamlStart, int bodyStart, String lineEnding) {
        this.yaml = yaml;
        this.yamlStart = yamlStart;
        this.bodyStart = bodyStart;
        this.lineEnding = lineEnding;
    }

    /**
     * Returns the frontmatter of text, if it starts with one: a first line "---" (trailing spaces allowed, \n or
     * \r\n endings), then YAML lines, then a closing line "---". No closing line = no frontmatter.
     */
    public static Optional<Frontmatter> find(String text) {
        int yamlStart = nextLine(text, 0);
        if (!isFence(text, 0, yamlStart) || text.charAt(yamlStart - 1) != '\n') {
            return Optional.empty();
        }
        String lineEnding = text.startsWith("\r\n", yamlStart - 2) ? "\r\n" : "\n";
        for (int line = yamlStart, next; line < text.length(); line = next) {
            next = nextLine(text, line);
            if (isFence(text, line, next)) {
                return Optional.of(new Frontmatter(text.substring(yamlStart, line), yamlStart, next, lineEnding));
            }
        }
        return Optional.empty();
    }

    /** Returns text without its frontmatter (text unchanged when it has none). */
    public static String strip(String text) {
        return find(text).map(frontmatter -> text.substring(frontmatter.bodyStart)).orElse(text);
    }

    /** The YAML between the fences (may be empty). */
    public String yaml() {
        return yaml;
    }

    /** Index in the text where the body starts (just after the closing fence's line ending, or text.length()). */
    public int bodyStart() {
        return bodyStart;
    }

    /** Returns the index in the text where the YAML starts. */
    int yamlStart() {
        return yamlStart;
    }

    /** Returns the index in the text just after the YAML, where the closing fence starts. */
    int yamlEnd() {
        return yamlStart + yaml.length();
    }

    /** Returns the opening fence's line ending, which lines added to the YAML use too. */
    String lineEnding() {
        return lineEnding;
    }

    private static int nextLine(String text, int start) {
        int newline = text.indexOf('\n', start);
        return newline < 0 ? text.length() : newline + 1;
    }

    /** Returns whether text[start, end) is a fence line: "---", then only spaces or tabs up to its line ending. */
    private static boolean isFence(String text, int start, int end) {
        String line = text.substring(start, end);
        String content = line.endsWith("\r\n") ? line.substring(0, line.length() - 2)
                : line.endsWith("\n") ? line.substring(0, line.length() - 1)
                : line;
        return content.startsWith("---") && content.substring(3).chars().allMatch(c -> c == ' ' || c == '\t');
    }
}

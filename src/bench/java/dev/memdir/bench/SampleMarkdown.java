package dev.memdir.bench;

/**
 * Markdown shaped like a MEMORY.md index, for the benchmarks: headed sections of linked one-line notes, with
 * one-line and multi-line block comments and code fences that hold comment-like text.
 */
public final class SampleMarkdown {

    private static final String SUMMARY = "what was decided and why, the command that proves it still holds, "
            + "the files it touches, and where the longer discussion of it lives";

    private SampleMarkdown() {}

    /** Returns as many whole sections as fit in {@code bytes} characters (all ASCII, so as many bytes). */
    public static String ofSize(int bytes) {
        StringBuilder text = new StringBuilder(bytes);
        for (int number = 1; ; number++) {
            String section = section(number);
            if (text.length() + section.length() > bytes) {
                return text.toString();
            }
            text.append(section);
        }
    }

    private static String section(int number) {
        StringBuilder section = new StringBuilder("## Topic ").append(number).append('\n');
        if (number % 3 == 0) {
            section.append("<!-- reviewed 2026-11-29: keep until the design settles -->\n");
        }
        for (int note = 1; note <= 7; note++) {
            section.append("- [Note ").append(number).append('.').append(note).append("](topics/topic-")
                    .append(number).append("/note-").append(note).append(".md): ").append(SUMMARY).append('\n');
        }
        if (number % 4 == 0) {
            section.append("\n```bash\n<!-- inside a fence: not a comment -->\nscripts/bench-jmh\n```\n");
        }
        if (number % 5 == 0) {
            section.append("\n<!--\nFor the next session: merge this topic into topic ").append(number + 1)
                    .append(".\n-->\n");
        }
        return section.append('\n').toString();
    }
}

package dev.memdir.frontmatter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Replacements of ranges of one text, applied together so that each range refers to the original text. */
final class TextEdits {

    private record Edit(int start, int end, String replacement) {}

    private final List<Edit> edits = new ArrayList<>();

    void replace(int start, int end, String replacement) {
        edits.add(new Edit(start, end, replacement));
    }

    void insert(int at, String text) {
        replace(at, at, text);
    }

    /** Returns text with every edit made; ranges must not overlap. */
    String applyTo(String text) {
        StringBuilder out = new StringBuilder(text);
        edits.stream()
                .sorted(Comparator.comparingInt(Edit::start).reversed())
                .forEach(edit -> out.replace(edit.start(), edit.end(), edit.replacement()));
        return out.toString();
    }
}

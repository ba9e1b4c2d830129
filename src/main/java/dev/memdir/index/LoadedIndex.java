package dev.memdir.index;

import dev.memdir.frontmatter.Frontmatter;
import dev.memdir.markdown.BlockComments;
import java.util.Objects;

/**
 * MEMORY.md as an agent loads it.
 *
 * @param text what loads: the stripped index, when cut its leading whole lines plus a notice line
 * @param measure the size of the whole stripped index
 * @param loadedLines the lines of the index that load, the notice not counted
 * @param loadedBytes the UTF-8 bytes of the index that load, the notice not counted
 * @param cut whether the end of the index does not load
 */
public record LoadedIndex(String text, IndexMeasure measure, int loadedLines, int loadedBytes, boolean cut) {

    public LoadedIndex {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(measure, "measure");
    }

    /**
     * Strips frontmatter and block comments, measures, cuts to the first maxLines lines, then to the last line
     * boundary at or below maxBytes UTF-8 bytes; when anything was cut, text ends with one notice line saying how
     * many lines/KB were left out and what to do.
     */
    public static LoadedIndex load(String raw, IndexBudget budget) {
        String stripped = BlockComments.strip(Frontmatter.strip(raw));
        IndexMeasure whole = IndexMeasure.of(stripped, budget);
        String kept = stripped.substring(0, LineBoundaryCut.end(stripped, budget));
        IndexMeasure loaded = IndexMeasure.of(kept, budget);
        boolean cut = kept.length() < stripped.length();
        String text = cut ? kept + CutNotice.line(whole, loaded) + lineBreakOf(kept) : kept;
        return new LoadedIndex(text, whole, loaded.lines(), loaded.bytes(), cut);
    }

    /** Returns the line break the kept lines end with, so the notice line matches them. */
    private static String lineBreakOf(String kept) {
        return kept.endsWith("\r\n") ? "\r\n" : "\n";
    }
}

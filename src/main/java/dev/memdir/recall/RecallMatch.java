package dev.memdir.recall;

/**
 * A memory file recall ranked: its virtual path, frontmatter description (or empty), score (higher is better) and
 * whether its vectors ranked it too ({@code byMeaning}) or keywords alone.
 */
public record RecallMatch(String path, String description, double score, boolean byMeaning) {

    /** A match keywords alone ranked. */
    public RecallMatch(String path, String description, double score) {
        this(path, description, score, false);
    }
}

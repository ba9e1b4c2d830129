package dev.memdir.recall;

/** A memory file recall ranked: its virtual path, frontmatter description (or empty) and BM25 score. */
public record RecallMatch(String path, String description, double score) {}

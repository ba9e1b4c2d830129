package dev.memdir.desk;

/** One line of a diff: kept for context, removed, added, or the head of a hunk ({@code @@ -3,4 +3,5 @@}). */
public record DiffLine(Kind kind, String text) {

    /** What the line is. */
    public enum Kind {
        CONTEXT,
        REMOVED,
        ADDED,
        HUNK,
        /** Lines left out of a long diff, counted in the text. */
        OMITTED
    }
}

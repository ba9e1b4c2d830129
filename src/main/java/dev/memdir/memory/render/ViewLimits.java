package dev.memdir.memory.render;

/** The fixed limits of a file view. */
public final class ViewLimits {

    /** A file view longer than this is paged. */
    public static final int MAX_VIEW_CHARS = 16_000;

    /** More lines than this and a file cannot be viewed at all (as in the reference). */
    public static final int MAX_LINES = 999_999;

    private ViewLimits() {}
}

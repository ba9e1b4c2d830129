package dev.memdir.index;

/** How the loaded index stands against its budget. */
public enum Verdict {
    /** Below the near ratio of both limits. */
    WITHIN,
    /** At or above the near ratio of a limit, over neither. */
    NEAR,
    /** Over a limit, so the end of the index does not load. */
    OVER
}

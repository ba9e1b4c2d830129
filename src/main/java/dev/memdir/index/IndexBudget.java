package dev.memdir.index;

/**
 * The budget of the always-loaded index. nearRatio 0.9 and targetRatio 0.7 by default.
 *
 * @param maxLines the most lines that load
 * @param maxBytes the most UTF-8 bytes that load
 * @param nearRatio the share of a limit from which the index is near it
 * @param targetRatio the share of a limit an index over budget should be rewritten to
 */
public record IndexBudget(int maxLines, int maxBytes, double nearRatio, double targetRatio) {

    public static final IndexBudget DEFAULT = new IndexBudget(200, 25_000, 0.9, 0.7);

    public IndexBudget {
        if (maxLines <= 0) {
            throw new IllegalArgumentException("The line limit must be positive, not " + maxLines + ".");
        }
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("The byte limit must be positive, not " + maxBytes + ".");
        }
        if (!(0 < targetRatio && targetRatio < nearRatio && nearRatio <= 1)) {
            throw new IllegalArgumentException("The ratios must satisfy 0 < target < near <= 1, not target "
                    + targetRatio + " and near " + nearRatio + ".");
        }
    }
}

package dev.memdir.memory.store;

/**
 * How much history a memory root keeps: at most {@code keep} versions of each file and {@code maxBytes} in all;
 * past either, the oldest versions go first.
 */
public record HistoryLimits(int keep, long maxBytes) {

    public static final HistoryLimits DEFAULT = new HistoryLimits(20, 10L << 20);

    public HistoryLimits {
        if (keep <= 0 || maxBytes <= 0) {
            throw new IllegalArgumentException("History limits must be positive");
        }
    }
}

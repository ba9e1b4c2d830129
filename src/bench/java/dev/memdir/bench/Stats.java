package dev.memdir.bench;

import java.util.Arrays;

/** Nearest-rank percentiles of a set of samples. */
final class Stats {

    private final long[] sorted;

    Stats(long[] samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        this.sorted = samples.clone();
        Arrays.sort(sorted);
    }

    /** The smallest sample with at least {@code fraction} of all samples at or below it. */
    long percentile(double fraction) {
        int rank = (int) Math.ceil(fraction * sorted.length);
        return sorted[Math.max(rank, 1) - 1];
    }

    long median() {
        return percentile(0.5);
    }

    long p99() {
        return percentile(0.99);
    }

    long max() {
        return sorted[sorted.length - 1];
    }
}

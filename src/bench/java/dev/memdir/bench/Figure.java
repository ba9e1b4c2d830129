package dev.memdir.bench;

import java.util.Locale;

/** One cell of the table: its text and the number a ratio compares (milliseconds, MiB or a rate). */
record Figure(String text, double value) {

    /** {@code median/max} milliseconds; compares by the median. */
    static Figure medianMax(Stats nanos) {
        return new Figure(millis(nanos.median()) + "/" + millis(nanos.max()), toMillis(nanos.median()));
    }

    /** {@code median/p99} milliseconds; compares by the median. */
    static Figure medianP99(Stats nanos) {
        return new Figure(millis(nanos.median()) + "/" + millis(nanos.p99()), toMillis(nanos.median()));
    }

    /** {@code median/p95} milliseconds; compares by the 95th percentile. */
    static Figure medianP95(Stats nanos) {
        return new Figure(millis(nanos.median()) + "/" + millis(nanos.percentile(0.95)),
                toMillis(nanos.percentile(0.95)));
    }

    static Figure millisOf(long nanos) {
        return new Figure(millis(nanos), toMillis(nanos));
    }

    /** {@code count} per second of {@code nanos}, a whole number with thousands separated. */
    static Figure perSecond(long count, long nanos) {
        double rate = count / (nanos / 1e9);
        return new Figure(String.format(Locale.ROOT, "%,.0f", rate), rate);
    }

    static Figure mebibytesOf(long kib) {
        double mib = kib / 1024.0;
        return new Figure(String.format(Locale.ROOT, "%.1f", mib), mib);
    }

    /** Milliseconds with two significant decimals below 10 ms, one below 100 ms, none above. */
    private static String millis(long nanos) {
        double ms = toMillis(nanos);
        String format = ms < 10 ? "%.2f" : ms < 100 ? "%.1f" : "%.0f";
        return String.format(Locale.ROOT, format, ms);
    }

    private static double toMillis(long nanos) {
        return nanos / 1e6;
    }
}

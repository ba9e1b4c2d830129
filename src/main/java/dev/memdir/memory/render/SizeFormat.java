package dev.memdir.memory.render;

/** Formats byte counts as the listing shows them: {@code 0B}, {@code 1023B}, {@code 1.3K}, {@code 4K}, {@code 1.5M}. */
public final class SizeFormat {

    private static final String[] UNITS = {"K", "M", "G", "T", "P"};

    private SizeFormat() {}

    /** Returns {@code bytes} in binary units: an exact multiple without decimals, otherwise one decimal, half-up. */
    public static String format(long bytes) {
        if (bytes < 1024) {
            return bytes + "B";
        }
        long unitBytes = 1024;
        int unit = 0;
        while (unit < UNITS.length - 1 && bytes >= unitBytes * 1024) {
            unitBytes *= 1024;
            unit++;
        }
        if (bytes % unitBytes == 0) {
            return (bytes / unitBytes) + UNITS[unit];
        }
        // Tenths of the unit, half-up: floor(10 * bytes / unitBytes + 1/2), in integers (a listing formats one
        // size per file, and BigDecimal made that a visible share of viewing a large directory).
        long tenths = bytes / unitBytes * 10 + (bytes % unitBytes * 20 + unitBytes) / (2 * unitBytes);
        return tenths / 10 + "." + tenths % 10 + UNITS[unit];
    }
}

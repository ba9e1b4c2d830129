package dev.memdir.memory.render;

import java.math.BigDecimal;
import java.math.RoundingMode;

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
        BigDecimal value = BigDecimal.valueOf(bytes).divide(BigDecimal.valueOf(unitBytes));
        return value.setScale(1, RoundingMode.HALF_UP).toPlainString() + UNITS[unit];
    }
}

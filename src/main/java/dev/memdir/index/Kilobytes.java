package dev.memdir.index;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Formats byte counts as kilobytes of 1000 bytes with one decimal, half-up: 21,450 bytes is {@code 21.5}. */
final class Kilobytes {

    private Kilobytes() {}

    /** Returns {@code bytes} in kilobytes, without unit, independent of the default locale. */
    static String format(long bytes) {
        return BigDecimal.valueOf(bytes).movePointLeft(3).setScale(1, RoundingMode.HALF_UP).toPlainString();
    }
}

package dev.memdir.config;

import dev.memdir.config.SettingSources.Raw;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The values of settings that are amounts: sizes, counts, fractions, days and timeouts. */
public final class Quantities {

    private static final Pattern DAYS = Pattern.compile("(\\d+)\\s*d?", Pattern.CASE_INSENSITIVE);
    private static final Pattern TIMEOUT = Pattern.compile("(\\d{1,7})\\s*(|ms|s)", Pattern.CASE_INSENSITIVE);
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(|k|kib|m|mib)", Pattern.CASE_INSENSITIVE);

    private Quantities() {}

    /**
     * Parses a number of days that may be 0 (an age any file past this instant has), as {@code 0}, {@code 30} or
     * {@code 30d}; {@code origin} names where it came from.
     */
    public static Duration daysFromZero(String value, String origin) throws ConfigException {
        return days(new Raw(value, origin), 0, "a number of days, like 0, 30 or 30d");
    }

    static Duration days(Raw raw) throws ConfigException {
        return days(raw, 1, "a positive number of days, like 90 or 90d");
    }

    private static Duration days(Raw raw, long least, String rule) throws ConfigException {
        Matcher matcher = DAYS.matcher(raw.value().trim());
        if (!matcher.matches() || matcher.group(1).length() > 6 || Long.parseLong(matcher.group(1)) < least) {
            throw raw.invalid(rule);
        }
        return Duration.ofDays(Long.parseLong(matcher.group(1)));
    }

    static long bytes(Raw raw) throws ConfigException {
        Matcher matcher = SIZE.matcher(raw.value().trim());
        if (!matcher.matches()) {
            throw raw.invalid("a positive number of bytes, optionally with K or M (e.g. 102400 or 100K)");
        }
        try {
            long number = Long.parseLong(matcher.group(1));
            String unit = matcher.group(2).toLowerCase(Locale.ROOT);
            long bytes = Math.multiplyExact(number, unit.startsWith("k") ? 1024L : unit.startsWith("m") ? 1 << 20 : 1L);
            if (bytes <= 0) {
                throw raw.invalid("a positive number of bytes");
            }
            return bytes;
        } catch (ArithmeticException | NumberFormatException e) {
            throw raw.invalid("a number of bytes that fits in 63 bits");
        }
    }

    static Duration timeout(Raw raw) throws ConfigException {
        Matcher matcher = TIMEOUT.matcher(raw.value().trim());
        if (!matcher.matches() || Long.parseLong(matcher.group(1)) == 0) {
            throw raw.invalid("a positive time in seconds or milliseconds, like 5s or 500ms");
        }
        long amount = Long.parseLong(matcher.group(1));
        return matcher.group(2).equalsIgnoreCase("ms") ? Duration.ofMillis(amount) : Duration.ofSeconds(amount);
    }

    /** Parses a whole number from 1 to {@code max}. */
    static long count(Raw raw, long max) throws ConfigException {
        try {
            long value = Long.parseLong(raw.value().trim());
            if (value > 0 && value <= max) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw raw.invalid(max == Long.MAX_VALUE ? "a positive whole number" : "a whole number from 1 to " + max);
    }

    static double ratio(Raw raw) throws ConfigException {
        try {
            double value = Double.parseDouble(raw.value().trim());
            if (value > 0 && value <= 1) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw raw.invalid("a fraction above 0 and at most 1 (e.g. 0.9)");
    }
}

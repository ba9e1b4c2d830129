package dev.memdir.text;

import java.util.regex.Pattern;

/**
 * Text memdir did not write (a request header, what another server answered) as it may go into a line memdir
 * prints or answers with: printable ASCII only, anything else (control characters that would move a terminal's
 * cursor or colour it, line breaks that would forge another line) as {@code ?}, and at most {@value #MAX} characters.
 */
public final class Untrusted {

    static final int MAX = 100;
    private static final Pattern UNPRINTABLE = Pattern.compile("[^\\x20-\\x7e]");

    private Untrusted() {}

    /** Returns {@code text} printable and cut short, as {@code ...} after the first {@value #MAX} characters. */
    public static String printable(String text) {
        String cut = text.length() > MAX ? text.substring(0, MAX) : text;
        String kept = UNPRINTABLE.matcher(cut).replaceAll("?");
        return cut.length() < text.length() ? kept + "..." : kept;
    }

    /** Returns {@link #printable} of {@code text} in single quotes. */
    public static String quoted(String text) {
        return "'" + printable(text) + "'";
    }
}

package dev.memdir.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Text made safe for HTML, the only way a string of the memory or the request reaches a page. */
final class Html {

    private Html() {}

    /** Escapes {@code text} for an element's content or a quoted attribute's value. */
    static String text(String text) {
        StringBuilder escaped = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }

    /**
     * Escapes a name or a path as {@link #text} does, with each bidirectional control character shown as its code
     * ({@code [U+202E]}): an override inside a name reorders what it shows ({@code x\u202Egpj.exe} reads as
     * {@code xexe.jpg}), and {@code <bdi>} only keeps it from reordering the text around the name.
     */
    static String shown(String name) {
        StringBuilder shown = new StringBuilder(name.length() + 16);
        name.codePoints().forEach(c -> {
            if (bidiControl(c)) {
                shown.append(String.format(Locale.ROOT, "[U+%04X]", c));
            } else {
                shown.appendCodePoint(c);
            }
        });
        return text(shown.toString());
    }

    private static boolean bidiControl(int c) {
        return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E)
                || (c >= 0x2066 && c <= 0x2069);
    }

    /** Encodes {@code value} as one query parameter's value. */
    static String query(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}

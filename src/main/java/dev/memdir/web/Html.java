package dev.memdir.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

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

    /** Encodes {@code value} as one query parameter's value. */
    static String query(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}

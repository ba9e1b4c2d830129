package dev.memdir.config;

import java.util.Optional;

/**
 * Where {@code memdir serve --http} listens.
 *
 * @param host a host name or IP address literal (an IPv6 one without brackets)
 * @param port 0 (any free port) to 65535
 */
public record HttpAddress(String host, int port) {

    public static final String DEFAULT_HOST = "127.0.0.1";

    /** Parses {@code [HOST:]PORT}; an IPv6 host goes in brackets, as {@code [::1]:8080}. */
    static Optional<HttpAddress> parse(String text) {
        String trimmed = text.trim();
        String host = DEFAULT_HOST;
        String port = trimmed;
        if (trimmed.startsWith("[")) {
            int close = trimmed.indexOf("]:");
            if (close < 2) {
                return Optional.empty();
            }
            host = trimmed.substring(1, close);
            port = trimmed.substring(close + 2);
        } else if (trimmed.lastIndexOf(':') >= 0) {
            int colon = trimmed.lastIndexOf(':');
            host = trimmed.substring(0, colon);
            port = trimmed.substring(colon + 1);
            if (host.isEmpty() || host.indexOf(':') >= 0) {
                return Optional.empty();
            }
        }
        if (!port.matches("\\d{1,5}") || Integer.parseInt(port) > 65535) {
            return Optional.empty();
        }
        return Optional.of(new HttpAddress(host, Integer.parseInt(port)));
    }

    /** Returns the host as it goes in a URL or a Host header: an IPv6 literal in brackets. */
    public String urlHost() {
        return host.indexOf(':') >= 0 ? "[" + host + "]" : host;
    }
}

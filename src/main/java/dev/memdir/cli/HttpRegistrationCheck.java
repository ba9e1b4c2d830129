package dev.memdir.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Optional;

/** What is wrong with the {@code --http}/{@code --token} of {@code memdir config}, if anything. */
final class HttpRegistrationCheck {

    private HttpRegistrationCheck() {}

    static Optional<String> problem(String http, String token, List<String> serverArgs) {
        if (http == null) {
            return token == null ? Optional.empty() : Optional.of("--token goes with --http URL");
        }
        if (serverArgs != null && !serverArgs.isEmpty()) {
            return Optional.of("server options do not apply with --http: the HTTP server has its own");
        }
        try {
            URI url = new URI(http);
            if (!("http".equals(url.getScheme()) || "https".equals(url.getScheme())) || url.getHost() == null) {
                return Optional.of("--http needs an http:// or https:// URL with a host, like"
                        + " https://memdir.example/mcp; got " + http);
            }
        } catch (URISyntaxException e) {
            return Optional.of("--http is not a URL: " + e.getMessage());
        }
        if (token != null && (token.isEmpty() || token.chars().anyMatch(c -> c <= ' ' || c == 127))) {
            return Optional.of("--token must be one word without spaces or control characters");
        }
        return Optional.empty();
    }
}

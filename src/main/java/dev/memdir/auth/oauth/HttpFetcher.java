package dev.memdir.auth.oauth;

import com.nimbusds.jose.util.Resource;
import com.nimbusds.jose.util.ResourceRetriever;
import dev.memdir.text.Untrusted;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Fetches the issuer's metadata and key set: a bounded wait and a bounded size, and failures that say what
 * happened ({@code HTTP 404}, {@code connection refused}) for the one line memdir prints when it cannot start.
 */
final class HttpFetcher implements ResourceRetriever {

    static final Duration TIMEOUT = Duration.ofSeconds(5);
    static final int SIZE_LIMIT = 512 * 1024;

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NORMAL).build();

    @Override
    public Resource retrieveResource(URL url) throws IOException {
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(url.toURI()).timeout(TIMEOUT).header("Accept", "application/json")
                    .GET().build();
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IOException("not a URL to fetch", e);
        }
        HttpResponse<InputStream> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted");
        }
        try (InputStream body = response.body()) {
            if (response.statusCode() / 100 != 2) {
                throw new IOException("HTTP " + response.statusCode());
            }
            byte[] bytes = body.readNBytes(SIZE_LIMIT + 1);
            if (bytes.length > SIZE_LIMIT) {
                throw new IOException("more than " + SIZE_LIMIT / 1024 + " KiB");
            }
            return new Resource(new String(bytes, StandardCharsets.UTF_8),
                    response.headers().firstValue("Content-Type").orElse(null));
        }
    }

    /**
     * Says in a few words why a fetch failed: the deepest cause's own words where it has some, made printable (they
     * may quote what the issuer sent, control characters and all).
     */
    static String describe(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException) {
                return "connection refused";
            }
            if (cause instanceof HttpTimeoutException) {
                return "no answer within " + TIMEOUT.toSeconds() + " s";
            }
            if (cause instanceof IOException && cause.getMessage() != null) {
                return Untrusted.printable(cause.getMessage());
            }
        }
        return Untrusted.printable(failure.getMessage() != null ? failure.getMessage()
                : failure.getClass().getSimpleName());
    }
}

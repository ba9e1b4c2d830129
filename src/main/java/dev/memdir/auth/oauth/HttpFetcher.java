package dev.memdir.auth.oauth;

import com.nimbusds.jose.util.Resource;
import com.nimbusds.jose.util.ResourceRetriever;
import dev.memdir.text.Untrusted;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Fetches the issuer's metadata and key set: a bounded wait and a bounded size, and failures that say what
 * happened ({@code HTTP 404}, {@code connection refused}) for the one line memdir prints when it cannot start.
 */
final class HttpFetcher implements ResourceRetriever {

    static final Duration TIMEOUT = Duration.ofSeconds(5);
    static final int SIZE_LIMIT = 512 * 1024;

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NORMAL).build();

    /**
     * Fetches {@code url}: the whole exchange, body included, within {@link #TIMEOUT} (an issuer that sends its
     * headers and then stalls would otherwise hold start-up, or the key cache's lock, for good), at most
     * {@link #SIZE_LIMIT} bytes.
     */
    @Override
    public Resource retrieveResource(URL url) throws IOException {
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(url.toURI()).timeout(TIMEOUT).header("Accept", "application/json")
                    .GET().build();
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IOException("not a URL to fetch", e);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        CompletableFuture<HttpResponse<Void>> exchange = client.sendAsync(request,
                answer -> HttpResponse.BodySubscribers.ofByteArrayConsumer(part -> part.ifPresent(bytes -> {
                    if (body.size() + bytes.length > SIZE_LIMIT) {
                        throw new UncheckedIOException(new IOException("more than " + SIZE_LIMIT / 1024 + " KiB"));
                    }
                    body.write(bytes, 0, bytes.length);
                })));
        HttpResponse<Void> response;
        try {
            response = exchange.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            exchange.cancel(true);
            throw new HttpTimeoutException("no answer within " + TIMEOUT.toSeconds() + " s");
        } catch (InterruptedException e) {
            exchange.cancel(true);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted");
        } catch (ExecutionException e) {
            throw failure(e.getCause());
        }
        if (response.statusCode() / 100 != 2) {
            throw new IOException("HTTP " + response.statusCode());
        }
        return new Resource(body.toString(StandardCharsets.UTF_8),
                response.headers().firstValue("Content-Type").orElse(null));
    }

    /** The I/O failure behind a failed exchange. */
    private static IOException failure(Throwable cause) {
        if (cause instanceof UncheckedIOException unchecked) {
            return unchecked.getCause();
        }
        return cause instanceof IOException io ? io : new IOException(cause);
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

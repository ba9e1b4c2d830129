package dev.memdir.e2e.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import javax.net.ssl.SSLContext;

/**
 * HTTP requests to the real jar that are not {@link McpHttp}'s MCP ones: a method, a URI, headers and a body go out
 * through java.net.http, the status, headers and body come back. Each request waits up to 30 s for its answer unless
 * {@link #patience} says otherwise.
 */
public final class PlainHttp {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final HttpClient http;
    private final Duration patience;

    private PlainHttp(HttpClient http, Duration patience) {
        this.http = http;
        this.patience = patience;
    }

    /** Requests over a client of their own. */
    public PlainHttp() {
        this(HttpClient.newHttpClient(), PATIENCE);
    }

    /** Requests over HTTPS to a server whose certificate {@code trust} trusts. */
    public static PlainHttp trusting(SSLContext trust) {
        return new PlainHttp(HttpClient.newBuilder().sslContext(trust).build(), PATIENCE);
    }

    /** Requests over HTTP/1.1 alone: none offers an upgrade to HTTP/2. */
    public static PlainHttp http11() {
        return new PlainHttp(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(), PATIENCE);
    }

    /** The same requests over the same client, each waiting up to {@code wait} for its answer. */
    public PlainHttp patience(Duration wait) {
        return new PlainHttp(http, wait);
    }

    public HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return get(uri, Map.of());
    }

    public HttpResponse<String> get(URI uri, Map<String, String> headers) throws IOException, InterruptedException {
        return send("GET", uri, HttpRequest.BodyPublishers.noBody(), headers);
    }

    /** POSTs {@code body} with the {@code headers}; as JSON unless they name another Content-Type. */
    public HttpResponse<String> post(URI uri, String body, Map<String, String> headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = request("POST", uri, HttpRequest.BodyPublishers.ofString(body), headers);
        if (!headers.containsKey("Content-Type")) {
            request.header("Content-Type", "application/json");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Sends a request of any method, with {@code body} ({@code noBody()} for none) and the {@code headers}. */
    public HttpResponse<String> send(String method, URI uri, HttpRequest.BodyPublisher body,
            Map<String, String> headers) throws IOException, InterruptedException {
        return http.send(request(method, uri, body, headers).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest.Builder request(String method, URI uri, HttpRequest.BodyPublisher body,
            Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(patience).method(method, body);
        headers.forEach(request::header);
        return request;
    }
}

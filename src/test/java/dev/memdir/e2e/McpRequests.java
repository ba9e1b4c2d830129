package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Requests to the real jar's {@code /mcp} built by hand, each with a bearer token (none when null): 2026-07-28 ones
 * with the headers that revision asks for, and those of a 2025-11-25 session, which {@link #openSession} begins.
 */
final class McpRequests {

    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\","
            + "\"version\":\"1\"}}}";

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI mcp;

    McpRequests(URI mcp) {
        this.mcp = mcp;
    }

    HttpClient http() {
        return http;
    }

    /** A 2026-07-28 POST of {@code body} (as {@link ModernRequest} writes it) whose method is {@code method}. */
    HttpRequest.Builder modern(String token, String method, String body) {
        return authorized(token).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", method).POST(HttpRequest.BodyPublishers.ofString(body));
    }

    /** A request of the 2025-11-25 session {@code session} (none for an initialize), with {@code body} if any. */
    HttpRequest.Builder legacy(String token, String session, String httpMethod, String body) {
        HttpRequest.Builder request = authorized(token).header("Accept", "application/json, text/event-stream")
                .method(httpMethod, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (session != null) {
            request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25");
        }
        return request;
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Begins a 2025-11-25 session as the token's principal (initialize, then initialized) and returns its id. */
    String openSession(String token) throws IOException, InterruptedException {
        HttpResponse<String> initialized = send(legacy(token, null, "POST", INITIALIZE));
        assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
        String session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(send(legacy(token, session, "POST", "{\"jsonrpc\":\"2.0\",\"method\":"
                + "\"notifications/initialized\"}")).statusCode()).isEqualTo(202);
        return session;
    }

    private HttpRequest.Builder authorized(String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(mcp).timeout(Duration.ofSeconds(30));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return request;
    }
}

package dev.memdir.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Requests to the real jar's {@code /mcp} built by hand as one principal, whose bearer token each carries (none when
 * null): 2026-07-28 ones with the headers and {@code _meta} that revision asks for, and those of a 2025-11-25
 * session, which {@link #openSession} begins. A body this class writes is JSON in ASCII only, so that any string, a
 * lone surrogate or a control character too, reaches the server as it was written; an {@code Mcp-Name} that is not
 * printable ASCII goes in the header's base64 form.
 */
public record McpHttp(HttpClient http, URI mcp, String token) {

    public static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\","
            + "\"version\":\"1\"}}}";
    private static final int IN_FLIGHT = 4;

    /** Requests to {@code mcp} with {@code token} (none when null), over a client of their own. */
    public McpHttp(URI mcp, String token) {
        this(HttpClient.newHttpClient(), mcp, token);
    }

    /** The same requests as another principal, over the same client. */
    public McpHttp as(String otherToken) {
        return new McpHttp(http, mcp, otherToken);
    }

    /** One request: a method and its params (without {@code _meta}, which {@link #post} adds). */
    public record Request(String method, ObjectNode params) {}

    public static Request request(String method, ObjectNode params) {
        return new Request(method, params);
    }

    public static ObjectNode tool(String name, Map<String, ?> arguments) {
        ObjectNode params = LineSession.JSON.createObjectNode().put("name", name);
        params.set("arguments", LineSession.JSON.valueToTree(arguments));
        return params;
    }

    public static ObjectNode params(String key, String value) {
        return LineSession.JSON.createObjectNode().put(key, value);
    }

    public static ObjectNode empty() {
        return LineSession.JSON.createObjectNode();
    }

    /** Returns the text of a tool result, or the whole answer when it has none. */
    public static String text(JsonNode answer) {
        return answer.path("result").path("content").path(0).path("text").asText(answer.toString());
    }

    /** A 2026-07-28 POST of {@code body} (as {@link ModernRequest} writes it) whose method is {@code method}. */
    public HttpRequest.Builder modern(String method, String body) {
        return authorized().header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", method).POST(HttpRequest.BodyPublishers.ofString(body));
    }

    /** A request of the 2025-11-25 session {@code session} (none for an initialize), with {@code body} if any. */
    public HttpRequest.Builder legacy(String session, String httpMethod, String body) {
        HttpRequest.Builder request = authorized().header("Accept", "application/json, text/event-stream")
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

    public HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Begins a 2025-11-25 session (initialize, then initialized) and returns its id. */
    public String openSession() throws IOException, InterruptedException {
        HttpResponse<String> initialized = send(legacy(null, "POST", INITIALIZE));
        assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
        String session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(send(legacy(session, "POST", "{\"jsonrpc\":\"2.0\",\"method\":"
                + "\"notifications/initialized\"}")).statusCode()).isEqualTo(202);
        return session;
    }

    /** Posts one 2026-07-28 request and returns the JSON answer, which must come with 200. */
    public JsonNode call(String method, ObjectNode params) throws IOException, InterruptedException {
        HttpResponse<String> response = post(method, params);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return LineSession.JSON.readTree(response.body());
    }

    /** Posts every request, a few at a time, and returns the responses in the order of the requests. */
    public List<HttpResponse<String>> postAll(List<Request> requests) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(IN_FLIGHT);
        try {
            List<Future<HttpResponse<String>>> sent = new ArrayList<>();
            for (Request request : requests) {
                sent.add(pool.submit(() -> post(request.method(), request.params())));
            }
            List<HttpResponse<String>> answers = new ArrayList<>();
            for (Future<HttpResponse<String>> answer : sent) {
                answers.add(answer.get(60, TimeUnit.SECONDS));
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Posts a 2026-07-28 request of {@code method} with {@code params}, to which it adds {@code _meta}. */
    public HttpResponse<String> post(String method, ObjectNode params) throws IOException, InterruptedException {
        ObjectNode sent = params.deepCopy();
        ObjectNode meta = sent.putObject("_meta");
        meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.putObject("io.modelcontextprotocol/clientInfo").put("name", "isolation").put("version", "1");
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        ObjectNode body = LineSession.JSON.createObjectNode().put("jsonrpc", "2.0").put("id", 1).put("method", method);
        body.set("params", sent);
        HttpRequest.Builder request = modern(method, LineSession.JSON.writer()
                .with(JsonWriteFeature.ESCAPE_NON_ASCII).writeValueAsString(body));
        String name = params.has("name") ? params.get("name").asText() : params.path("uri").asText("");
        if (!name.isEmpty()) {
            request.header("Mcp-Name", headerValue(name));
        }
        return send(request);
    }

    /**
     * The value as the header takes it: itself when printable ASCII without spaces around it (which a header loses),
     * else its UTF-8 in the base64 form.
     */
    private static String headerValue(String value) {
        if (value.equals(value.strip()) && value.chars().allMatch(c -> c >= 0x20 && c <= 0x7e)) {
            return value;
        }
        return "=?base64?" + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) + "?=";
    }

    private HttpRequest.Builder authorized() {
        HttpRequest.Builder request = HttpRequest.newBuilder(mcp).timeout(Duration.ofSeconds(30));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return request;
    }
}

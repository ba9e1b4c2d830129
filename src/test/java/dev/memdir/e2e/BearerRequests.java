package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * Raw 2026-07-28 requests to {@code /mcp} as one principal: its bearer token (none when null), the {@code _meta}
 * and headers that revision asks for. The body is JSON in ASCII only, so that any string, a lone surrogate or a
 * control character too, reaches the server as it was written; an {@code Mcp-Name} that is not printable ASCII goes
 * in the header's base64 form.
 */
final class BearerRequests {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int IN_FLIGHT = 4;

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI mcp;
    private final String token;

    BearerRequests(URI mcp, String token) {
        this.mcp = mcp;
        this.token = token;
    }

    /** One request: a method and its params (without {@code _meta}, which {@link #post} adds). */
    record Request(String method, ObjectNode params) {}

    static Request request(String method, ObjectNode params) {
        return new Request(method, params);
    }

    static ObjectNode tool(String name, Map<String, ?> arguments) {
        ObjectNode params = JSON.createObjectNode().put("name", name);
        params.set("arguments", JSON.valueToTree(arguments));
        return params;
    }

    static ObjectNode params(String key, String value) {
        return JSON.createObjectNode().put(key, value);
    }

    static ObjectNode empty() {
        return JSON.createObjectNode();
    }

    /** Returns the text of a tool result, or the whole answer when it has none. */
    static String text(JsonNode answer) {
        return answer.path("result").path("content").path(0).path("text").asText(answer.toString());
    }

    /** Posts one request and returns the JSON answer, which must come with 200. */
    JsonNode call(String method, ObjectNode params) throws IOException, InterruptedException {
        HttpResponse<String> response = post(method, params);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    /** Posts every request, a few at a time, and returns the responses in the order of the requests. */
    List<HttpResponse<String>> postAll(List<Request> requests) throws Exception {
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

    HttpResponse<String> post(String method, ObjectNode params) throws IOException, InterruptedException {
        ObjectNode sent = params.deepCopy();
        ObjectNode meta = sent.putObject("_meta");
        meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.putObject("io.modelcontextprotocol/clientInfo").put("name", "isolation").put("version", "1");
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        ObjectNode body = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", 1).put("method", method);
        body.set("params", sent);
        HttpRequest.Builder request = HttpRequest.newBuilder(mcp).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", method)
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writer().with(JsonWriteFeature.ESCAPE_NON_ASCII)
                        .writeValueAsString(body)));
        String name = params.has("name") ? params.get("name").asText() : params.path("uri").asText("");
        if (!name.isEmpty()) {
            request.header("Mcp-Name", headerValue(name));
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
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
}

package dev.memdir.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.json.SharedJson;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** The answers the front servlet gives itself: one line of JSON each. */
final class Answers {

    static final int INVALID_REQUEST = -32600;

    private Answers() {}

    /** Refuses a request: {@code {"error": reason}} with {@code status}. */
    static void refuse(HttpServletResponse response, int status, String reason) throws IOException {
        write(response, status, Map.of("error", reason));
    }

    /**
     * Refuses a JSON-RPC request that is not one memdir takes: {@code status} with the JSON-RPC error {@code -32600}
     * (Invalid Request), which echoes the request's id when it is known ({@code null} otherwise).
     */
    static void invalidRequest(HttpServletResponse response, int status, JsonNode id, String reason)
            throws IOException {
        ObjectNode error = SharedJson.mapper().createObjectNode().put("jsonrpc", "2.0");
        error.set("id", id == null ? NullNode.getInstance() : id);
        error.putObject("error").put("code", INVALID_REQUEST).put("message", "Invalid Request: " + reason);
        write(response, status, error);
    }

    /** The health check's answer: {@code {"status": "ok"}} or {@code {"status": "unavailable"}}. */
    static void health(HttpServletResponse response, boolean storeAnswers) throws IOException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", storeAnswers ? "ok" : "unavailable");
        write(response, storeAnswers ? 200 : 503, body);
    }

    static String line(Object body) {
        try {
            return SharedJson.mapper().writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of strings or a tree is always JSON", e);
        }
    }

    private static void write(HttpServletResponse response, int status, Object body) throws IOException {
        byte[] bytes = (line(body) + "\n").getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}

package dev.memdir.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.memdir.json.SharedJson;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** The answers the front servlet gives itself: one line of JSON each. */
final class Answers {

    private Answers() {}

    /** Refuses a request: {@code {"error": reason}} with {@code status}. */
    static void refuse(HttpServletResponse response, int status, String reason) throws IOException {
        write(response, status, Map.of("error", reason));
    }

    /** The health check's answer: {@code {"status": "ok"}} or {@code {"status": "unavailable"}}. */
    static void health(HttpServletResponse response, boolean storeAnswers) throws IOException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", storeAnswers ? "ok" : "unavailable");
        write(response, storeAnswers ? 200 : 503, body);
    }

    static String line(Map<String, ?> body) {
        try {
            return SharedJson.mapper().writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of strings is always JSON", e);
        }
    }

    private static void write(HttpServletResponse response, int status, Map<String, ?> body) throws IOException {
        byte[] bytes = (line(body) + "\n").getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}

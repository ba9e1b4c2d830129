package dev.memdir.http;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.Locale;

/**
 * 415 for a POST whose {@code Content-Type} is not {@code application/json} (parameters such as {@code charset}
 * aside), of either revision, before its body is read. Without this step the SDK's transports refused it in two
 * ways: a JSON-RPC error for a 2025-11-25 request, and for a 2026-07-28 one the servlet container's error page,
 * HTML to a client that asked for HTML. {@code curl -d} sends {@code application/x-www-form-urlencoded} unless told.
 */
final class JsonContentType implements FrontStep {

    private static final String JSON = "application/json";

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        HttpServletRequest request = exchange.request();
        if (!request.getMethod().equals("POST") || isJson(request.getContentType())) {
            return Outcome.GO_ON;
        }
        Answers.invalidRequest(exchange.response(), 415, null, "a POST needs the header Content-Type: " + JSON);
        return Outcome.ANSWERED;
    }

    private static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        int parameters = contentType.indexOf(';');
        String mediaType = parameters < 0 ? contentType : contentType.substring(0, parameters);
        return mediaType.strip().toLowerCase(Locale.ROOT).equals(JSON);
    }
}

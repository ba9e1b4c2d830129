package dev.memdir.e2e.support;

import java.net.http.HttpResponse;

/** The JSON-RPC message a POST to {@code /mcp} answered with: the JSON body, or the last event of an SSE one. */
public final class HttpAnswer {

    private HttpAnswer() {}

    public static String message(HttpResponse<String> response) {
        if (!response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
            return response.body();
        }
        String last = "";
        for (String line : response.body().split("\n")) {
            if (line.startsWith("data:")) {
                last = line.substring("data:".length()).strip();
            }
        }
        return last;
    }
}

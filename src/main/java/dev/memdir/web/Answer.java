package dev.memdir.web;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * An answer of the page under way: the headers every answer carries, refusals too, and its server time. The policy
 * allows no inline script, no remote resource and no framing.
 */
final class Answer {

    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    final HttpServletResponse response;
    private final long start;

    /** Begins an answer on {@code response}, its headers set. */
    Answer(HttpServletResponse response) {
        this.response = response;
        this.start = System.nanoTime();
        response.setHeader("Content-Security-Policy", POLICY);
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        // Not no-referrer: under it a browser sends "Origin: null" with the page's own form POSTs, which the
        // own-origin check must refuse. A link out carries no referrer either way (rel=noreferrer).
        response.setHeader("Referrer-Policy", "same-origin");
        response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
        response.setHeader("Cross-Origin-Resource-Policy", "same-origin");
        response.setHeader("Cache-Control", "no-store");
    }

    void redirect(String location) {
        response.setStatus(303);
        response.setHeader("Location", location);
        timing();
    }

    /** Answers an error page outside a session. */
    void error(int status, String title, String message) throws IOException {
        error(status, null, title, message);
    }

    /** Answers an error page in {@code frame}, a session's, or outside one when null. */
    void error(int status, Frame frame, String title, String message) throws IOException {
        html(status, WebPages.error(frame, title, message));
    }

    void html(int status, String html) throws IOException {
        bytes(status, "text/html; charset=utf-8", html.getBytes(StandardCharsets.UTF_8));
    }

    void json(String json) throws IOException {
        bytes(200, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    void bytes(int status, String type, byte[] body) throws IOException {
        response.setStatus(status);
        response.setContentType(type);
        response.setContentLength(body.length);
        timing();
        response.getOutputStream().write(body);
    }

    private void timing() {
        response.setHeader("Server-Timing", String.format(Locale.ROOT, "app;dur=%.1f",
                (System.nanoTime() - start) / 1e6));
    }
}

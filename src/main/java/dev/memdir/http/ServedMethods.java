package dev.memdir.http;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;

/**
 * The HTTP methods served, on {@code /mcp} those MCP uses, on a document ({@code /healthz}, the OAuth metadata) GET
 * and HEAD, and on both the CORS preflight: any other ({@code TRACE} above all, which a servlet answers by echoing the
 * request's headers, credentials included) is 405 naming those served, before credentials are looked at.
 */
final class ServedMethods {

    static final String MCP = "GET, POST, DELETE, OPTIONS";
    static final String DOCUMENT = "GET, HEAD, OPTIONS";

    private ServedMethods() {}

    /**
     * Returns whether the request's method is served at its path ({@code /mcp}, or a document when
     * {@code document}); if not, refuses it 405.
     */
    static boolean served(HttpServletRequest request, HttpServletResponse response, boolean document)
            throws IOException {
        String allow = document ? DOCUMENT : MCP;
        if (List.of(allow.split(", ")).contains(request.getMethod())) {
            return true;
        }
        response.setHeader("Allow", allow);
        Answers.refuse(response, 405, request.getRequestURI() + " answers " + allow + " only");
        return false;
    }
}

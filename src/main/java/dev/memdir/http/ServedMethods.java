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
final class ServedMethods implements FrontStep {

    static final String MCP = "GET, POST, DELETE, OPTIONS";
    static final String DOCUMENT = "GET, HEAD, OPTIONS";

    /** Refuses 405 a method not served at the request's path ({@code /mcp}, or a document). */
    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        HttpServletRequest request = exchange.request();
        String allow = exchange.document ? DOCUMENT : MCP;
        if (List.of(allow.split(", ")).contains(request.getMethod())) {
            return Outcome.GO_ON;
        }
        HttpServletResponse response = exchange.response();
        response.setHeader("Allow", allow);
        exchange.refuse(405, request.getRequestURI() + " answers " + allow + " only");
        return Outcome.ANSWERED;
    }
}

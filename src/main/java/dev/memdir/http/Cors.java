package dev.memdir.http;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.regex.Pattern;

/**
 * What lets a page of an allowed origin (a browser-based client such as the Inspector's web UI) use the server:
 * preflight answers, and on every answer to it the headers its script may read. Only a request whose Origin
 * {@link HostAndOrigin} let through comes here, so naming that origin back grants nothing more. The preflight is
 * answered before credentials are looked at: a browser sends it without them.
 */
final class Cors implements FrontStep {

    static final String METHODS = "GET, POST, DELETE, OPTIONS";
    /** What a client may send: credentials and the MCP headers of both revisions, custom parameter headers too. */
    private static final Pattern REQUEST_HEADER = Pattern.compile(
            "(?i)authorization|content-type|accept|last-event-id|mcp-session-id|mcp-protocol-version|mcp-method"
                    + "|mcp-name|mcp-param-[a-z0-9_-]+");
    private static final String EXPOSED = "Mcp-Session-Id, WWW-Authenticate, Retry-After";
    private static final String MAX_AGE_SECONDS = "600";

    @Override
    public Outcome pass(Exchange exchange) {
        String origin = exchange.request().getHeader("Origin");
        if (origin != null) {
            allow(exchange.response(), origin);
        }
        if (!exchange.request().getMethod().equals("OPTIONS")) {
            return Outcome.GO_ON;
        }
        preflight(exchange.request(), exchange.response());
        return Outcome.ANSWERED;
    }

    /** Lets the page of {@code origin} read this answer and the headers that matter to MCP. */
    private static void allow(HttpServletResponse response, String origin) {
        response.setHeader("Access-Control-Allow-Origin", origin);
        response.setHeader("Access-Control-Expose-Headers", EXPOSED);
        response.addHeader("Vary", "Origin");
    }

    /**
     * Answers an {@code OPTIONS} request: 204 naming the methods, and for a preflight of an allowed origin the
     * request headers it asked for that MCP uses.
     */
    private static void preflight(HttpServletRequest request, HttpServletResponse response) {
        response.setStatus(204);
        response.setHeader("Allow", METHODS);
        if (request.getHeader("Origin") == null) {
            return;
        }
        response.setHeader("Access-Control-Allow-Methods", METHODS);
        String asked = request.getHeader("Access-Control-Request-Headers");
        if (asked != null) {
            StringBuilder allowed = new StringBuilder();
            for (String header : asked.split(",")) {
                String name = header.strip();
                if (REQUEST_HEADER.matcher(name).matches()) {
                    allowed.append(allowed.length() == 0 ? "" : ", ").append(name);
                }
            }
            if (allowed.length() > 0) {
                response.setHeader("Access-Control-Allow-Headers", allowed.toString());
            }
        }
        response.setHeader("Access-Control-Max-Age", MAX_AGE_SECONDS);
    }
}

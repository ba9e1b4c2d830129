package dev.memdir.http;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Which protocol revision serves a request to {@code /mcp}. A 2025-11-25 client starts with {@code initialize}
 * (never stateless, whatever its {@code _meta} says, as on stdio) and then names its session in
 * {@code Mcp-Session-Id} on every request, GET and DELETE included; a 2026-07-28 client has no session and POSTs
 * every request on its own, with {@code Mcp-Method} and {@code MCP-Protocol-Version} headers.
 */
enum Revision {
    /** 2026-07-28: the SDK's {@code HttpServletMcpTransport}. */
    STATELESS,
    /** 2025-11-25: the SDK's {@code HttpServletStreamableServerTransportProvider} and its sessions. */
    SESSIONS;

    static final String SESSION_HEADER = "Mcp-Session-Id";

    /** Decides from the HTTP method, the session header and the body's JSON (null when not JSON). */
    static Revision of(String httpMethod, String sessionId, JsonNode body) {
        if (!"POST".equals(httpMethod) || sessionId != null) {
            return SESSIONS;
        }
        if (body != null && body.isObject() && "initialize".equals(body.path("method").asText(null))) {
            return SESSIONS;
        }
        return STATELESS;
    }

    /** Returns the JSON-RPC method of a body, for the access log; null when it has none. */
    static String method(JsonNode body) {
        if (body == null || !body.isObject() || !body.path("method").isTextual()) {
            return null;
        }
        return body.get("method").asText();
    }
}

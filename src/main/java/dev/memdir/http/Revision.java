package dev.memdir.http;

import java.util.Set;

/**
 * Which protocol revision serves a request to {@code /mcp}. A 2025-11-25 client starts with {@code initialize}
 * (whatever its {@code _meta} says, as on stdio) and then names its session in {@code Mcp-Session-Id} on every
 * request, GET and DELETE included; a 2026-07-28 client has no session and POSTs every request on its own, with
 * {@code Mcp-Method} and {@code MCP-Protocol-Version} headers. An {@code initialize} whose
 * {@code MCP-Protocol-Version} header names a revision without sessions was sent on the 2026-07-28 wire, where the
 * method does not exist: the modern transport answers it 404 with {@code -32601}, as that revision requires.
 */
enum Revision {
    /** 2026-07-28: the SDK's {@code HttpServletMcpTransport}. */
    MODERN,
    /** 2025-11-25: the SDK's {@code HttpServletStreamableServerTransportProvider} and its sessions. */
    LEGACY;

    static final String SESSION_HEADER = "Mcp-Session-Id";
    static final String VERSION_HEADER = "MCP-Protocol-Version";

    /** The revisions that begin with {@code initialize}: a client names one of them in the header after it. */
    private static final Set<String> SESSION_REVISIONS = Set.of("2024-11-05", "2025-03-26", "2025-06-18",
            "2025-11-25");

    /**
     * Decides from the HTTP method, the session and protocol version headers (null when absent) and the body's
     * JSON-RPC method (null when it has none).
     */
    static Revision of(String httpMethod, String sessionId, String protocolVersion, String bodyMethod) {
        if (!"POST".equals(httpMethod) || sessionId != null) {
            return LEGACY;
        }
        boolean initialize = "initialize".equals(bodyMethod);
        boolean sessionless = protocolVersion != null && !SESSION_REVISIONS.contains(protocolVersion);
        return initialize && !sessionless ? LEGACY : MODERN;
    }
}

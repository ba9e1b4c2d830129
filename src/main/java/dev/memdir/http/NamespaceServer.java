package dev.memdir.http;

import dev.memdir.http.CredentialHolds.Credential;
import dev.memdir.server.ServedMemory;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.server.transport.HttpServletMcpTransport;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.ServerHttpHeaderValidator;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.Closeable;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One namespace's memory on {@code /mcp}: the SDK's 2026-07-28 servlet transport over the stateless server and its
 * 2025-11-25 Streamable HTTP transport, each session on the same features. The front servlet has already checked
 * Host, Origin, credentials, rate, size and JSON limits, so the transports check no headers of their own (and parse
 * with the same limits). The sessions begun here are kept to {@link PrincipalSessions#CAP}, each held by the
 * credential that began it, which ends it once no longer accepted.
 */
final class NamespaceServer implements Closeable {

    static final String ENDPOINT = "/mcp";

    private static final Logger LOG = LoggerFactory.getLogger(NamespaceServer.class);

    private final ServedMemory memory;
    private final HttpServletMcpTransport stateless;
    private final HttpServletStreamableServerTransportProvider sessions;
    private final PrincipalSessions sessionsBegun;

    NamespaceServer(ServedMemory memory, McpJsonMapper json, int maxRequestBytes, ParseLimits limits) {
        this.memory = memory;
        this.stateless = HttpServletMcpTransport.builder(memory.statelessRequests())
                .jsonMapper(new WireJson(json, limits))
                .endpoint(ENDPOINT)
                .maxRequestSize(maxRequestBytes)
                .httpHeaderValidator(ServerHttpHeaderValidator.NOOP)
                .build();
        this.sessions = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(new WireJson(json, limits))
                .mcpEndpoint(ENDPOINT)
                .maxRequestSize(maxRequestBytes)
                .httpHeaderValidator(ServerHttpHeaderValidator.NOOP)
                .build();
        this.sessionsBegun = new PrincipalSessions(PrincipalSessions.CAP);
        memory.serveSessions(sessions);
    }

    /** Serves a request the {@link Revision} of which is known, sent with {@code credential}. */
    void serve(Revision revision, HttpServletRequest request, HttpServletResponse response, Credential credential)
            throws ServletException, IOException {
        if (revision == Revision.STATELESS) {
            stateless.service(request, response);
            return;
        }
        String named = request.getHeader(Revision.SESSION_HEADER);
        if (named != null) {
            sessionsBegun.used(named);
        }
        sessions.service(request, response);
        if (named == null) {
            String begun = response.getHeader(Revision.SESSION_HEADER);
            if (begun != null) {
                sessionsBegun.begun(begun, credential.hold(() -> end(begun))).forEach(this::end);
            }
        } else if (request.getMethod().equals("DELETE") && response.getStatus() < 300
                || response.getStatus() == 404) {
            sessionsBegun.ended(named);
        }
    }

    /** Ends session {@code id} (past the cap, or its credential no longer accepted). */
    private void end(String id) {
        sessionsBegun.ended(id);
        try {
            SessionDelete.delete(sessions, id);
        } catch (ServletException | IOException | RuntimeException e) {
            LOG.warn("Ending a session failed: {}", e.toString());
        }
    }

    /** Returns whether a 2025-11-25 session this server began has not been ended (or found gone) yet. */
    boolean holdsSessions() {
        return sessionsBegun.any();
    }

    boolean storeAnswers() {
        return memory.storeAnswers();
    }

    void endStreams() {
        stateless.closeGracefully();
        // The transport ends the streams of an McpServer only; the 2026-07-28 server behind it is wrapped.
        memory.endSubscriptions();
        sessions.closeGracefully().block();
    }

    @Override
    public void close() throws IOException {
        sessionsBegun.clear();
        memory.close();
    }
}

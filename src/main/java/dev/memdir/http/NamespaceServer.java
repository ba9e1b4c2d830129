package dev.memdir.http;

import dev.memdir.desk.MemoryDesk;
import dev.memdir.http.CredentialHolds.Credential;
import dev.memdir.server.ServedMemory;
import dev.memdir.server.sdk.SessionDelete;
import dev.memdir.server.sdk.WireJson;
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
 * One namespace's memory on {@code /mcp}: the SDK's 2026-07-28 servlet transport over the modern server and its
 * 2025-11-25 Streamable HTTP transport, whose sessions the legacy server serves, both over the same features. The
 * front servlet has already checked Host, Origin, credentials, rate, size and JSON limits, so the transports check
 * no headers of their own (and parse with the same limits). The sessions begun here are kept to
 * {@link PrincipalSessions#CAP}, each held by the credential that began it, which ends it once no longer accepted.
 */
final class NamespaceServer implements Closeable {

    static final String ENDPOINT = "/mcp";

    private static final Logger LOG = LoggerFactory.getLogger(NamespaceServer.class);

    private final ServedMemory memory;
    private final HttpServletMcpTransport modern;
    private final HttpServletStreamableServerTransportProvider legacy;
    private final PrincipalSessions sessionsBegun;

    NamespaceServer(ServedMemory memory, McpJsonMapper json, int maxRequestBytes, ParseLimits limits) {
        this.memory = memory;
        this.modern = HttpServletMcpTransport.builder(memory.modernRequests())
                .jsonMapper(new WireJson(json, limits.reader()))
                .endpoint(ENDPOINT)
                .maxRequestSize(maxRequestBytes)
                .httpHeaderValidator(ServerHttpHeaderValidator.NOOP)
                .build();
        this.legacy = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(new WireJson(json, limits.reader()))
                .mcpEndpoint(ENDPOINT)
                .maxRequestSize(maxRequestBytes)
                .httpHeaderValidator(ServerHttpHeaderValidator.NOOP)
                .build();
        this.sessionsBegun = new PrincipalSessions(PrincipalSessions.CAP);
        memory.serveLegacy(legacy);
    }

    /** Serves a request the {@link Revision} of which is known, sent with {@code credential}. */
    void serve(Revision revision, HttpServletRequest request, HttpServletResponse response, Credential credential)
            throws ServletException, IOException {
        if (revision == Revision.MODERN) {
            modern.service(request, response);
            return;
        }
        String named = request.getHeader(Revision.SESSION_HEADER);
        if (named != null) {
            sessionsBegun.used(named);
        }
        legacy.service(request, response);
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
            SessionDelete.delete(legacy, ENDPOINT, id);
        } catch (ServletException | IOException | RuntimeException e) {
            LOG.warn("Ending a session failed: {}", e.toString());
        }
    }

    /** Returns whether a 2025-11-25 session this server began has not been ended (or found gone) yet. */
    boolean holdsSessions() {
        return sessionsBegun.any();
    }

    /** Returns the desk of this namespace's memory, for the web page. */
    MemoryDesk desk() throws IOException {
        return memory.desk();
    }

    boolean storeAnswers() {
        return memory.storeAnswers();
    }

    void endStreams() {
        modern.closeGracefully();
        // The transport ends the streams of an McpServer only; the 2026-07-28 server behind it is wrapped.
        memory.endSubscriptions();
        legacy.closeGracefully().block();
    }

    @Override
    public void close() throws IOException {
        sessionsBegun.clear();
        memory.close();
    }
}

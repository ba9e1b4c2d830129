package dev.memdir.server.sdk;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerSession;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.util.List;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * A 2025-11-25 session transport whose sessions start with the instructions as they are when each one initializes:
 * a server that runs for days would otherwise hand every new session the index it read at start (the SDK's server
 * takes one instructions text, when it is built). Everything else is the wrapped transport's.
 */
public final class CurrentInstructionsOnInitialize implements McpStreamableServerTransportProvider {

    private final McpStreamableServerTransportProvider transport;
    private final Supplier<String> instructions;

    public CurrentInstructionsOnInitialize(McpStreamableServerTransportProvider transport,
            Supplier<String> instructions) {
        this.transport = transport;
        this.instructions = instructions;
    }

    @Override
    public void setSessionFactory(McpStreamableServerSession.Factory sessions) {
        transport.setSessionFactory(request -> {
            McpStreamableServerSession.McpStreamableServerSessionInit started = sessions.startSession(request);
            return new McpStreamableServerSession.McpStreamableServerSessionInit(started.session(),
                    started.initResult().map(this::current));
        });
    }

    private McpSchema.InitializeResult current(McpSchema.InitializeResult result) {
        return new McpSchema.InitializeResult(result.protocolVersion(), result.capabilities(), result.serverInfo(),
                instructions.get(), result.meta());
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return transport.notifyClients(method, params);
    }

    @Override
    public Mono<Void> notifyClient(String sessionId, String method, Object params) {
        return transport.notifyClient(sessionId, method, params);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return transport.closeGracefully();
    }

    @Override
    public void close() {
        transport.close();
    }

    @Override
    public List<String> protocolVersions() {
        return transport.protocolVersions();
    }
}

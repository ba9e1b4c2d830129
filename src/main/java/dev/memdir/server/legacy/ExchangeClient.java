package dev.memdir.server.legacy;

import dev.memdir.server.feature.Client;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Optional;

/** The 2025-11-25 client of a session, through the SDK's exchange with it. */
final class ExchangeClient implements Client, Client.Roots {

    private final McpSyncServerExchange exchange;

    ExchangeClient(McpSyncServerExchange exchange) {
        this.exchange = exchange;
    }

    @Override
    public Optional<Roots> roots() {
        return Optional.of(this);
    }

    @Override
    public boolean declared() {
        McpSchema.ClientCapabilities capabilities = exchange.getClientCapabilities();
        return capabilities != null && capabilities.roots() != null;
    }

    @Override
    public List<String> list() {
        return uris(exchange.listRoots().roots());
    }

    static List<String> uris(List<McpSchema.Root> roots) {
        return roots.stream().map(McpSchema.Root::uri).toList();
    }
}

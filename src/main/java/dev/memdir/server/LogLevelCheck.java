package dev.memdir.server;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestManager;
import io.modelcontextprotocol.modern.server.McpTransportResponse;
import java.util.Map;
import java.util.Optional;
import reactor.core.publisher.Mono;

/** Refuses a 2026-07-28 request whose {@code _meta} names a log level that does not exist, as the revision asks. */
final class LogLevelCheck implements McpRequestManager {

    private final McpRequestManager server;

    LogLevelCheck(McpRequestManager server) {
        this.server = server;
    }

    @Override
    public Mono<McpTransportResponse> handle(McpTransportContext context, JsonRpc.JSONRPCRequest request) {
        return refusal(request).map(Mono::just).orElseGet(() -> server.handle(context, request));
    }

    @Override
    public Mono<McpTransportResponse> handleBlocking(McpTransportContext context, JsonRpc.JSONRPCRequest request) {
        return refusal(request).map(Mono::just).orElseGet(() -> server.handleBlocking(context, request));
    }

    @Override
    public Mono<Void> handleNotification(McpTransportContext context, JsonRpc.JSONRPCNotification notification) {
        return server.handleNotification(context, notification);
    }

    private static Optional<McpTransportResponse> refusal(JsonRpc.JSONRPCRequest request) {
        if (!(request.params() instanceof Map<?, ?> params) || !(params.get("_meta") instanceof Map<?, ?> meta)
                || !meta.containsKey(McpSchema.MetaKeys.LOG_LEVEL)) {
            return Optional.empty();
        }
        Object level = meta.get(McpSchema.MetaKeys.LOG_LEVEL);
        if (RequestLog.level(level).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(McpTransportResponse.error(JsonRpc.JSONRPCResponse.error(request.id(),
                new JsonRpc.JSONRPCResponse.JSONRPCError(McpSchema.ErrorCodes.INVALID_PARAMS,
                        "Invalid params: _meta['" + McpSchema.MetaKeys.LOG_LEVEL + "'] must be one of debug, info,"
                                + " notice, warning, error, critical, alert, emergency; got " + level))));
    }
}

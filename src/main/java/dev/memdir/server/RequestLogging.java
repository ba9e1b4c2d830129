package dev.memdir.server;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestManager;
import io.modelcontextprotocol.modern.server.McpTransportResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * The per-request logging of 2026-07-28 around the SDK's server: a request whose {@code _meta} names a log level
 * that does not exist is refused, as the revision asks, and {@code server/discover} declares the {@code logging}
 * capability that a server sending {@code notifications/message} must declare (the SDK's capability builder has
 * no way to, the feature being deprecated).
 */
final class RequestLogging implements McpRequestManager {

    private static final String DISCOVER = "server/discover";

    private final McpRequestManager server;

    RequestLogging(McpRequestManager server) {
        this.server = server;
    }

    @Override
    public Mono<McpTransportResponse> handle(McpTransportContext context, JsonRpc.JSONRPCRequest request) {
        return refusal(request).map(Mono::just)
                .orElseGet(() -> server.handle(context, request).map(response -> declared(request, response)));
    }

    @Override
    public Mono<McpTransportResponse> handleBlocking(McpTransportContext context, JsonRpc.JSONRPCRequest request) {
        return refusal(request).map(Mono::just)
                .orElseGet(() -> server.handleBlocking(context, request).map(response -> declared(request, response)));
    }

    /** A discover result with {@code capabilities.logging} added; any other response as it is. */
    private static McpTransportResponse declared(JsonRpc.JSONRPCRequest request, McpTransportResponse response) {
        if (!DISCOVER.equals(request.method()) || !(response instanceof McpTransportResponse.Result answer)
                || !(answer.response().result() instanceof Map<?, ?> result)
                || !(result.get("capabilities") instanceof Map<?, ?> capabilities)) {
            return response;
        }
        Map<Object, Object> withLogging = new LinkedHashMap<>(capabilities);
        withLogging.put("logging", Map.of());
        Map<Object, Object> declared = new LinkedHashMap<>(result);
        declared.put("capabilities", withLogging);
        return McpTransportResponse.result(JsonRpc.JSONRPCResponse.result(request.id(), declared));
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

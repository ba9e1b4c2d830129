package dev.memdir.server.sdk;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestManager;
import io.modelcontextprotocol.modern.server.McpTransportResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * Keeps what the SDK's 2026-07-28 server declares true to what memdir does. {@code server/discover} declares the
 * {@code logging} capability that a server sending {@code notifications/message} must declare (the SDK's builder
 * cannot, the feature being deprecated), and {@code listChanged: false} for tools, prompts and resources, as
 * initialize does: the lists never change while memdir runs (the SDK would declare {@code true} for any server that
 * takes subscriptions), and the instructions as they are now (with the index as it is, not as the server was built
 * with). A request whose {@code _meta} names a log level that does not exist is refused.
 */
public final class DeclaredBehaviour implements McpRequestManager {

    private static final String DISCOVER = "server/discover";

    private final McpRequestManager server;
    private final Supplier<String> instructions;

    public DeclaredBehaviour(McpRequestManager server, Supplier<String> instructions) {
        this.server = server;
        this.instructions = instructions;
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

    /** A discover result with logging declared, no list changes and current instructions; others as they are. */
    private McpTransportResponse declared(JsonRpc.JSONRPCRequest request, McpTransportResponse response) {
        if (!DISCOVER.equals(request.method()) || !(response instanceof McpTransportResponse.Result answer)
                || !(answer.response().result() instanceof Map<?, ?> result)
                || !(result.get("capabilities") instanceof Map<?, ?> capabilities)) {
            return response;
        }
        Map<Object, Object> adjusted = new LinkedHashMap<>(capabilities);
        adjusted.put("logging", Map.of());
        for (String listed : List.of("tools", "prompts", "resources")) {
            if (adjusted.get(listed) instanceof Map<?, ?> capability) {
                Map<Object, Object> unchanging = new LinkedHashMap<>(capability);
                unchanging.put("listChanged", false);
                adjusted.put(listed, unchanging);
            }
        }
        Map<Object, Object> declared = new LinkedHashMap<>(result);
        declared.put("capabilities", adjusted);
        declared.put("instructions", instructions.get());
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
        if (logLevel(level).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(McpTransportResponse.error(JsonRpc.JSONRPCResponse.error(request.id(),
                new JsonRpc.JSONRPCResponse.JSONRPCError(McpSchema.ErrorCodes.INVALID_PARAMS,
                        "Invalid params: _meta['" + McpSchema.MetaKeys.LOG_LEVEL + "'] must be one of debug, info,"
                                + " notice, warning, error, critical, alert, emergency; got " + level))));
    }

    /** Returns the level {@code value} names, or empty when it names none (the SDK's own lookup, by JSON name). */
    public static Optional<McpSchema.LoggingLevel> logLevel(Object value) {
        if (!(value instanceof String name)) {
            return Optional.empty();
        }
        for (McpSchema.LoggingLevel level : McpSchema.LoggingLevel.values()) {
            if (level.name().toLowerCase(Locale.ROOT).equals(name)) {
                return Optional.of(level);
            }
        }
        return Optional.empty();
    }
}

package dev.memdir.server.modern;

import dev.memdir.server.sdk.DeclaredBehaviour;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.McpSyncNotifier;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The log level a 2026-07-28 request asked for in its {@code _meta}. A request that asks for none gets no
 * {@code notifications/message}: the revision forbids them, and stderr has the log anyway.
 */
final class RequestLog {

    static final String LOGGER = "memdir";

    private final McpSchema.LoggingLevel threshold;

    private RequestLog(McpSchema.LoggingLevel threshold) {
        this.threshold = threshold;
    }

    /** The log a request asked for, or empty when it asked for none. */
    static Optional<RequestLog> of(McpRequestContext ctx) {
        return DeclaredBehaviour.logLevel(ctx.meta().get(McpSchema.MetaKeys.LOG_LEVEL)).map(RequestLog::new);
    }

    boolean wants(McpSchema.LoggingLevel level) {
        return level.level() >= threshold.level();
    }

    /** Sends {@code data} on the request's own response stream, ahead of its result, if the level is wanted. */
    void send(McpSyncNotifier notifier, McpSchema.LoggingLevel level, Object data) {
        if (wants(level)) {
            notifier.notify("notifications/message", Map.of("level", level.name().toLowerCase(Locale.ROOT),
                    "logger", LOGGER, "data", data));
        }
    }
}

package dev.memdir.server.modern;

import dev.memdir.server.feature.Client;
import dev.memdir.server.feature.Tool;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.McpSyncResponse;
import io.modelcontextprotocol.modern.server.feature.McpSyncTool;
import io.modelcontextprotocol.modern.server.feature.McpSyncToolRepository;
import io.modelcontextprotocol.modern.server.feature.ToolsPage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** The tools on 2026-07-28: the same definitions, in the same fixed order, calling the same handlers. */
final class ModernTools implements McpSyncToolRepository {

    private final Map<String, McpSyncTool> byName = new LinkedHashMap<>();
    /** Made once: the list never changes. */
    private final ToolsPage page;

    ModernTools(List<Tool> tools) {
        List<McpSchema.Tool> definitions = new ArrayList<>();
        for (Tool tool : tools) {
            McpSchema.Tool definition = ModernTypes.tool(tool.definition());
            definitions.add(definition);
            byName.put(definition.name(), McpSyncTool.of(definition, (ctx, request) -> answer(ctx, request, () ->
                    ModernTypes.result(ModernTypes.answered(() -> tool.handler().call(Client.WITHOUT_ROOTS,
                            request.arguments() == null ? Map.of() : request.arguments()))))));
        }
        this.page = new ToolsPage(List.copyOf(definitions), null, CacheHints.LIST_TTL_MS, CacheHints.LIST_SCOPE);
    }

    @Override
    public ToolsPage list(McpRequestContext ctx, String cursor) {
        return page;
    }

    @Override
    public McpSyncTool find(McpRequestContext ctx, String name) {
        return byName.get(name);
    }

    /** The result, preceded by one log line of what the call did when the request asked for a log level. */
    private static McpSyncResponse<McpSchema.CallToolOutcome> answer(McpRequestContext ctx,
            McpSchema.CallToolRequest request, Supplier<McpSchema.CallToolResult> call) {
        Optional<RequestLog> log = RequestLog.of(ctx);
        if (log.isEmpty()) {
            return McpSyncResponse.result(call.get());
        }
        return McpSyncResponse.streaming(notifier -> {
            long started = System.nanoTime();
            McpSchema.CallToolResult result = call.get();
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("tool", request.name());
            Object path = request.arguments() == null ? null : request.arguments().get("path");
            if (path instanceof String) {
                data.put("path", path);
            }
            data.put("isError", Boolean.TRUE.equals(result.isError()));
            data.put("millis", (System.nanoTime() - started) / 1_000_000);
            log.get().send(notifier, McpSchema.LoggingLevel.INFO, data);
            return result;
        });
    }
}

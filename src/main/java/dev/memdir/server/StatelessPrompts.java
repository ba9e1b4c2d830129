package dev.memdir.server;

import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.McpSyncResponse;
import io.modelcontextprotocol.modern.server.feature.McpSyncCompletionHandler;
import io.modelcontextprotocol.modern.server.feature.McpSyncPrompt;
import io.modelcontextprotocol.modern.server.feature.McpSyncPromptRepository;
import io.modelcontextprotocol.modern.server.feature.PromptsPage;
import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.spec.McpSchema.GetPromptRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The prompts on 2026-07-28: the same definitions and handlers, with their argument completions. */
final class StatelessPrompts implements McpSyncPromptRepository {

    private final Map<String, McpSyncPrompt> byName = new LinkedHashMap<>();
    /** Made once: the list never changes. */
    private final PromptsPage page;
    private final boolean completes;

    /** {@code completions} are the completion handlers of prompts, by prompt name. */
    StatelessPrompts(List<SyncPromptSpecification> prompts, RevisionBridge bridge,
            Map<String, McpSyncCompletionHandler> completions) {
        List<McpSchema.Prompt> definitions = new ArrayList<>();
        for (SyncPromptSpecification spec : prompts) {
            McpSchema.Prompt definition = bridge.convert(spec.prompt(), McpSchema.Prompt.class);
            definitions.add(definition);
            McpSyncPrompt prompt = McpSyncPrompt.of(definition, (ctx, request) -> McpSyncResponse.result(
                    bridge.convert(RevisionBridge.call(() -> spec.promptHandler().apply(null,
                            new GetPromptRequest(request.name(), Map.copyOf(arguments(request))))),
                            McpSchema.GetPromptResult.class)));
            McpSyncCompletionHandler completion = completions.get(definition.name());
            byName.put(definition.name(), completion == null ? prompt : prompt.withCompletionHandler(completion));
        }
        this.completes = !completions.isEmpty();
        this.page = new PromptsPage(List.copyOf(definitions), null, CacheHints.LIST_TTL_MS, CacheHints.LIST_SCOPE);
    }

    private static Map<String, String> arguments(McpSchema.GetPromptRequest request) {
        return request.arguments() == null ? Map.of() : request.arguments();
    }

    @Override
    public PromptsPage list(McpRequestContext ctx, String cursor) {
        return page;
    }

    @Override
    public McpSyncPrompt find(McpRequestContext ctx, String name) {
        return byName.get(name);
    }

    @Override
    public boolean supportsCompletion() {
        return completes;
    }
}

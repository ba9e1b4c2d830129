package dev.memdir.server.modern;

import dev.memdir.server.feature.Client;
import dev.memdir.server.feature.Prompt;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.McpSyncResponse;
import io.modelcontextprotocol.modern.server.feature.McpSyncPrompt;
import io.modelcontextprotocol.modern.server.feature.McpSyncPromptRepository;
import io.modelcontextprotocol.modern.server.feature.PromptsPage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The prompts on 2026-07-28: the same definitions and handlers, with their argument completions. */
final class ModernPrompts implements McpSyncPromptRepository {

    private final Map<String, McpSyncPrompt> byName = new LinkedHashMap<>();
    /** Made once: the list never changes. */
    private final PromptsPage page;
    private final boolean completes;

    ModernPrompts(List<Prompt> prompts) {
        List<McpSchema.Prompt> definitions = new ArrayList<>();
        boolean anyCompletes = false;
        for (Prompt prompt : prompts) {
            McpSchema.Prompt definition = ModernTypes.prompt(prompt.definition());
            definitions.add(definition);
            McpSyncPrompt served = McpSyncPrompt.of(definition, (ctx, request) -> McpSyncResponse.result(
                    ModernTypes.message(ModernTypes.answered(() -> prompt.handler().get(Client.WITHOUT_ROOTS,
                            arguments(request))))));
            byName.put(definition.name(), prompt.completer().map(ModernCompletion::of)
                    .map(served::withCompletionHandler).orElse(served));
            anyCompletes |= prompt.completer().isPresent();
        }
        this.completes = anyCompletes;
        this.page = new PromptsPage(List.copyOf(definitions), null, CacheHints.LIST_TTL_MS, CacheHints.LIST_SCOPE);
    }

    /** The arguments given, an argument sent as {@code null} left out as on 2025-11-25 (a missing one). */
    private static Map<String, String> arguments(McpSchema.GetPromptRequest request) {
        Map<String, String> given = new LinkedHashMap<>();
        if (request.arguments() != null) {
            request.arguments().forEach((name, value) -> {
                if (value != null) {
                    given.put(name, value);
                }
            });
        }
        return Map.copyOf(given);
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

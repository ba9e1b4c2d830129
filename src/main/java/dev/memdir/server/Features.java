package dev.memdir.server;

import io.modelcontextprotocol.server.McpServerFeatures.SyncCompletionSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import java.util.List;

/**
 * Everything memdir offers a client, written once as the 2025-11-25 server takes it; the 2026-07-28 server serves
 * the same handlers, so both revisions answer with the same texts.
 */
record Features(List<SyncToolSpecification> tools, List<SyncResourceSpecification> resources,
        List<SyncResourceTemplateSpecification> templates, List<SyncPromptSpecification> prompts,
        List<SyncCompletionSpecification> completions) {

    Features {
        tools = List.copyOf(tools);
        resources = List.copyOf(resources);
        templates = List.copyOf(templates);
        prompts = List.copyOf(prompts);
        completions = List.copyOf(completions);
    }
}

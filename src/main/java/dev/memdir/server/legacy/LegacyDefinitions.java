package dev.memdir.server.legacy;

import dev.memdir.server.feature.Prompt;
import dev.memdir.server.feature.Resource;
import dev.memdir.server.feature.Template;
import dev.memdir.server.feature.Tool;
import io.modelcontextprotocol.spec.McpSchema;

/** memdir's definitions as the 2025-11-25 SDK lists them. */
public final class LegacyDefinitions {

    private LegacyDefinitions() {}

    public static McpSchema.Tool tool(Tool.Definition tool) {
        Tool.Hints hints = tool.hints();
        // No annotation title: the tool's own title says it, and every byte here is context on every request.
        McpSchema.ToolAnnotations annotations = new McpSchema.ToolAnnotations(null, hints.readOnly(),
                hints.destructive(), hints.idempotent(), hints.openWorld(), null);
        return McpSchema.Tool.builder()
                .name(tool.name())
                .title(tool.title())
                .description(tool.description())
                .inputSchema(tool.inputSchema())
                .annotations(annotations)
                .build();
    }

    static McpSchema.Resource resource(Resource.Definition resource) {
        return McpSchema.Resource.builder().uri(resource.uri()).name(resource.name()).title(resource.title())
                .description(resource.description()).mimeType(resource.mimeType()).build();
    }

    static McpSchema.ResourceTemplate template(Template.Definition template) {
        return McpSchema.ResourceTemplate.builder().uriTemplate(template.uriTemplate()).name(template.name())
                .title(template.title()).description(template.description()).mimeType(template.mimeType()).build();
    }

    static McpSchema.Prompt prompt(Prompt.Definition prompt) {
        return new McpSchema.Prompt(prompt.name(), prompt.title(), prompt.description(), prompt.arguments().stream()
                .map(argument -> new McpSchema.PromptArgument(argument.name(), argument.description(),
                        argument.required()))
                .toList());
    }
}

package dev.memdir.server.modern;

import dev.memdir.server.feature.Completer;
import dev.memdir.server.feature.Prompt;
import dev.memdir.server.feature.RequestFailure;
import dev.memdir.server.feature.Resource;
import dev.memdir.server.feature.Template;
import dev.memdir.server.feature.Tool;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import java.util.List;
import java.util.function.Supplier;

/** memdir's definitions, answers and failures in the 2026-07-28 SDK's types. */
final class ModernTypes {

    private ModernTypes() {}

    static McpSchema.Tool tool(Tool.Definition tool) {
        Tool.Hints hints = tool.hints();
        // No annotation title: the tool's own title says it, and every byte here is context on every request.
        return new McpSchema.Tool(tool.name(), tool.title(), tool.description(), tool.inputSchema(), null,
                new McpSchema.ToolAnnotations(null, hints.readOnly(), hints.destructive(), hints.idempotent(),
                        hints.openWorld()),
                null, null);
    }

    static McpSchema.Resource resource(Resource.Definition resource) {
        return new McpSchema.Resource(resource.uri(), resource.name(), resource.title(), resource.description(),
                resource.mimeType(), null, null, null, null);
    }

    static McpSchema.ResourceTemplate template(Template.Definition template) {
        return new McpSchema.ResourceTemplate(template.uriTemplate(), template.name(), template.title(),
                template.description(), template.mimeType(), null, null, null);
    }

    static McpSchema.Prompt prompt(Prompt.Definition prompt) {
        return new McpSchema.Prompt(prompt.name(), prompt.title(), prompt.description(), prompt.arguments().stream()
                .map(argument -> new McpSchema.PromptArgument(argument.name(), null, argument.description(),
                        argument.required()))
                .toList(), null, null);
    }

    static McpSchema.CallToolResult result(Tool.Result result) {
        McpSchema.Content content;
        boolean isError;
        if (result instanceof Tool.Result.Image image) {
            content = new McpSchema.ImageContent(null, image.data(), image.mimeType(), null);
            isError = false;
        } else {
            Tool.Result.Text text = (Tool.Result.Text) result;
            content = new McpSchema.TextContent(null, text.text(), null);
            isError = text.isError();
        }
        return new McpSchema.CallToolResult(List.of(content), null, isError, null, null);
    }

    static McpSchema.ResourceContents contents(Resource.Contents contents) {
        return new McpSchema.TextResourceContents(contents.uri(), contents.mimeType(), contents.text(), null);
    }

    static McpSchema.GetPromptResult message(Prompt.Message message) {
        return new McpSchema.GetPromptResult(message.description(), List.of(new McpSchema.PromptMessage(
                McpSchema.Role.USER, new McpSchema.TextContent(null, message.text(), null))), null, null);
    }

    static McpSchema.CompleteResult completion(Completer.Values values) {
        return new McpSchema.CompleteResult(new McpSchema.CompleteResult.Completion(values.values(), values.total(),
                values.hasMore()), null, null);
    }

    /** Runs a handler; its failure is this revision's protocol error of the same code and message. */
    static <T> T answered(Supplier<T> handler) {
        try {
            return handler.get();
        } catch (RequestFailure failure) {
            throw new McpException(failure.code(), failure.getMessage(), null);
        }
    }
}

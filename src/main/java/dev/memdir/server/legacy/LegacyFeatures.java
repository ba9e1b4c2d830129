package dev.memdir.server.legacy;

import dev.memdir.server.feature.Completer;
import dev.memdir.server.feature.Features;
import dev.memdir.server.feature.Prompt;
import dev.memdir.server.feature.RequestFailure;
import dev.memdir.server.feature.Resource;
import dev.memdir.server.feature.Template;
import dev.memdir.server.feature.Tool;
import io.modelcontextprotocol.server.McpServerFeatures.SyncCompletionSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/** memdir's features as the 2025-11-25 SDK takes them: each handler given the session's client. */
final class LegacyFeatures {

    private final Features features;

    LegacyFeatures(Features features) {
        this.features = features;
    }

    List<SyncToolSpecification> tools() {
        return features.tools().stream().map(tool -> SyncToolSpecification.builder()
                .tool(LegacyDefinitions.tool(tool.definition()))
                .callHandler((exchange, request) -> result(answered(() -> tool.handler().call(
                        new ExchangeClient(exchange), request.arguments() == null ? Map.of() : request.arguments()))))
                .build()).toList();
    }

    List<SyncResourceSpecification> resources() {
        return features.resources().stream().map(resource -> new SyncResourceSpecification(
                LegacyDefinitions.resource(resource.definition()), reading(resource.reader()))).toList();
    }

    List<SyncResourceTemplateSpecification> templates() {
        return features.templates().stream().map(template -> new SyncResourceTemplateSpecification(
                LegacyDefinitions.template(template.definition()), reading(template.reader()))).toList();
    }

    List<SyncPromptSpecification> prompts() {
        return features.prompts().stream().map(prompt -> new SyncPromptSpecification(
                LegacyDefinitions.prompt(prompt.definition()), (exchange, request) -> {
                    Prompt.Message message = answered(() -> prompt.handler().get(new ExchangeClient(exchange),
                            request.arguments() == null ? Map.of() : request.arguments()));
                    return new McpSchema.GetPromptResult(message.description(), List.of(new McpSchema.PromptMessage(
                            McpSchema.Role.USER, new McpSchema.TextContent(message.text()))));
                })).toList();
    }

    /** The completions of the templates' variables, then of the prompts' arguments. */
    List<SyncCompletionSpecification> completions() {
        List<SyncCompletionSpecification> completions = new ArrayList<>();
        for (Template template : features.templates()) {
            template.completer().ifPresent(completer -> completions.add(new SyncCompletionSpecification(
                    new McpSchema.ResourceReference(template.definition().uriTemplate()), completing(completer))));
        }
        for (Prompt prompt : features.prompts()) {
            prompt.completer().ifPresent(completer -> completions.add(new SyncCompletionSpecification(
                    new McpSchema.PromptReference(prompt.definition().name()), completing(completer))));
        }
        return completions;
    }

    private static BiFunction<McpSyncServerExchange, McpSchema.ReadResourceRequest, McpSchema.ReadResourceResult>
            reading(Resource.Reader reader) {
        return (exchange, request) -> {
            Resource.Contents contents = answered(() -> reader.read(new ExchangeClient(exchange), request.uri()));
            return new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(contents.uri(),
                    contents.mimeType(), contents.text())));
        };
    }

    private static BiFunction<McpSyncServerExchange, McpSchema.CompleteRequest, McpSchema.CompleteResult>
            completing(Completer completer) {
        return (exchange, request) -> {
            String typed = request.argument().value();
            Completer.Values values = answered(() -> completer.complete(new ExchangeClient(exchange),
                    typed == null ? "" : typed));
            return new McpSchema.CompleteResult(new McpSchema.CompleteResult.CompleteCompletion(values.values(),
                    values.total(), values.hasMore()));
        };
    }

    private static McpSchema.CallToolResult result(Tool.Result result) {
        if (result instanceof Tool.Result.Image image) {
            return McpSchema.CallToolResult.builder()
                    .addContent(new McpSchema.ImageContent(null, image.data(), image.mimeType())).isError(false)
                    .build();
        }
        Tool.Result.Text text = (Tool.Result.Text) result;
        return McpSchema.CallToolResult.builder().addTextContent(text.text()).isError(text.isError()).build();
    }

    /** Runs a handler; its failure is the SDK's protocol error of the same code and message. */
    private static <T> T answered(Supplier<T> handler) {
        try {
            return handler.get();
        } catch (RequestFailure failure) {
            throw McpError.builder(failure.code()).message(failure.getMessage()).build();
        }
    }
}

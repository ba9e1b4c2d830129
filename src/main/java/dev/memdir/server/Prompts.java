package dev.memdir.server;

import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;

/** The prompts a client can offer its user. */
final class Prompts {

    private Prompts() {}

    /** {@code memory-protocol}: the memory protocol as one user message. */
    static SyncPromptSpecification memoryProtocol(String protocol) {
        McpSchema.Prompt prompt = new McpSchema.Prompt("memory-protocol", "Memory protocol",
                "The memory protocol: view memory first, record progress as you go, assume interruption", List.of());
        return new SyncPromptSpecification(prompt, (exchange, request) -> new McpSchema.GetPromptResult(
                prompt.description(),
                List.of(new McpSchema.PromptMessage(McpSchema.Role.USER, new McpSchema.TextContent(protocol)))));
    }
}

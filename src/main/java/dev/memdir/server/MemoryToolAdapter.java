package dev.memdir.server;

import dev.memdir.memory.CommandOutput;
import dev.memdir.memory.store.CommandException;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Base64;

/** Turns memory command answers into MCP tool results: failures are {@code isError} results, never protocol errors. */
final class MemoryToolAdapter {

    /** Runs one memory command and returns its answer; nothing is allowed to escape as a protocol error. */
    interface Invocation {
        CommandOutput run() throws CommandException;
    }

    private MemoryToolAdapter() {}

    static McpSchema.CallToolResult answer(Invocation invocation) {
        try {
            return success(invocation.run());
        } catch (CommandException e) {
            return McpSchema.CallToolResult.builder().addTextContent(e.text()).isError(true).build();
        }
    }

    private static McpSchema.CallToolResult success(CommandOutput output) {
        if (output instanceof CommandOutput.Image image) {
            McpSchema.Content content = new McpSchema.ImageContent(null,
                    Base64.getEncoder().encodeToString(image.data()), image.mimeType());
            return McpSchema.CallToolResult.builder().addContent(content).isError(false).build();
        }
        CommandOutput.Text text = (CommandOutput.Text) output;
        return McpSchema.CallToolResult.builder().addTextContent(text.text()).isError(text.isError()).build();
    }
}

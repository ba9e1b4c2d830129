package dev.memdir.server;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.List;

/** What resource and prompt handlers share: a text answer, and file reads whose failure is a clear MCP error. */
final class Reads {

    /** Work that reads files. */
    @FunctionalInterface
    interface IoWork<T> {
        T get() throws IOException;
    }

    private Reads() {}

    static McpSchema.ReadResourceResult text(String uri, String mimeType, String text) {
        return new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(uri, mimeType, text)));
    }

    /** Returns what {@code work} read; an I/O failure becomes an internal error naming {@code what}. */
    static <T> T io(String what, IoWork<T> work) {
        try {
            return work.get();
        } catch (IOException e) {
            throw McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR)
                    .message("Cannot read " + what + ": " + e.getMessage())
                    .build();
        }
    }
}

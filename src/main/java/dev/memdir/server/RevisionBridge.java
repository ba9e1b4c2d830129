package dev.memdir.server;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.function.Supplier;

/**
 * Carries values between the SDK's 2026-07-28 types and the 2025-11-25 ones memdir's handlers are written in. Both
 * revisions give a tool, a resource or a result the same JSON, so a value crosses as its JSON.
 */
final class RevisionBridge {

    private final McpJsonMapper json;

    RevisionBridge(McpJsonMapper json) {
        this.json = json;
    }

    <T> T convert(Object value, Class<T> type) {
        return json.convertValue(value, type);
    }

    /**
     * Runs a 2025-11-25 handler. Its protocol error becomes the same error in 2026-07-28's type, except that a
     * missing resource is -32602 there (2025-11-25 said -32002).
     */
    static <T> T call(Supplier<T> handler) {
        try {
            return handler.get();
        } catch (McpError e) {
            McpSchema.JSONRPCResponse.JSONRPCError error = e.getJsonRpcError();
            int code = error.code() == McpSchema.ErrorCodes.RESOURCE_NOT_FOUND
                    ? McpSchema.ErrorCodes.INVALID_PARAMS : error.code();
            throw new McpException(code, error.message(), error.data());
        }
    }
}

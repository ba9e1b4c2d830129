package dev.memdir.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.json.SharedJson;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The JSON mapper of the 2025-11-25 transport. That transport answers a request it refuses (an unknown session, a
 * missing header) with the {@link McpError} written as JSON, which serializes the Java exception itself: its stack
 * trace, class and library names and all. This mapper writes such an error as the JSON-RPC error object it stands
 * for ({@code {"jsonrpc":"2.0","id":null,"error":{"code":...,"message":...}}}) and leaves every other value to
 * {@code delegate}.
 */
final class ErrorsAsJsonRpc implements McpJsonMapper {

    private final McpJsonMapper delegate;

    ErrorsAsJsonRpc(McpJsonMapper delegate) {
        this.delegate = delegate;
    }

    @Override
    public String writeValueAsString(Object value) throws IOException {
        if (value instanceof McpError error) {
            return errorObject(error.getJsonRpcError());
        }
        return delegate.writeValueAsString(value);
    }

    @Override
    public byte[] writeValueAsBytes(Object value) throws IOException {
        if (value instanceof McpError error) {
            return errorObject(error.getJsonRpcError()).getBytes(StandardCharsets.UTF_8);
        }
        return delegate.writeValueAsBytes(value);
    }

    private static String errorObject(McpSchema.JSONRPCResponse.JSONRPCError error) {
        ObjectNode message = SharedJson.mapper().createObjectNode().put("jsonrpc", McpSchema.JSONRPC_VERSION);
        message.putNull("id");
        ObjectNode body = message.putObject("error").put("code", error.code()).put("message", error.message());
        if (error.data() != null) {
            body.set("data", SharedJson.mapper().valueToTree(error.data()));
        }
        return message.toString();
    }

    @Override
    public <T> T readValue(String content, Class<T> type) throws IOException {
        return delegate.readValue(content, type);
    }

    @Override
    public <T> T readValue(byte[] content, Class<T> type) throws IOException {
        return delegate.readValue(content, type);
    }

    @Override
    public <T> T readValue(String content, TypeRef<T> type) throws IOException {
        return delegate.readValue(content, type);
    }

    @Override
    public <T> T readValue(byte[] content, TypeRef<T> type) throws IOException {
        return delegate.readValue(content, type);
    }

    @Override
    public <T> T convertValue(Object fromValue, Class<T> type) {
        return delegate.convertValue(fromValue, type);
    }

    @Override
    public <T> T convertValue(Object fromValue, TypeRef<T> type) {
        return delegate.convertValue(fromValue, type);
    }
}

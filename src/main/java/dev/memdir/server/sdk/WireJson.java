package dev.memdir.server.sdk;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.json.SharedJson;
import dev.memdir.text.Utf16;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The JSON mapper of the servlet transports: what they answer, as text a client can read.
 * <ul>
 *   <li>The 2025-11-25 transport answers a request it refuses (an unknown session, a missing header) with the
 *       {@link McpError} written as JSON, which serializes the Java exception itself: its stack trace, class and
 *       library names and all. Such an error is written as the JSON-RPC error object it stands for
 *       ({@code {"jsonrpc":"2.0","id":null,"error":{"code":...,"message":...}}}).
 *   <li>An answer that echoes a lone surrogate (sent escaped in a path, which is legal JSON) would reach the
 *       servlet's writer as a lone char, which it encodes on its own, bytes that are not UTF-8; each is written as
 *       its JSON escape instead, as on stdio. JSON's own syntax is ASCII, so such a char can only stand inside a
 *       string.
 * </ul>
 * It reads with the limits of request bodies; everything else is {@code delegate}'s.
 */
public final class WireJson implements McpJsonMapper {

    private final McpJsonMapper delegate;
    private final ObjectReader limited;

    /** {@code limited} reads with the limits of request bodies. */
    public WireJson(McpJsonMapper delegate, ObjectReader limited) {
        this.delegate = delegate;
        this.limited = limited;
    }

    @Override
    public String writeValueAsString(Object value) throws IOException {
        if (value instanceof McpError error) {
            return errorObject(error.getJsonRpcError());
        }
        return loneSurrogatesEscaped(delegate.writeValueAsString(value));
    }

    @Override
    public byte[] writeValueAsBytes(Object value) throws IOException {
        return writeValueAsString(value).getBytes(StandardCharsets.UTF_8);
    }

    static String loneSurrogatesEscaped(String json) {
        int lone = Utf16.unpairedSurrogate(json, 0);
        if (lone < 0) {
            return json;
        }
        StringBuilder escaped = new StringBuilder(json.length() + 16);
        int from = 0;
        while (lone >= 0) {
            escaped.append(json, from, lone).append(String.format("\\u%04x", (int) json.charAt(lone)));
            from = lone + 1;
            lone = Utf16.unpairedSurrogate(json, from);
        }
        return escaped.append(json, from, json.length()).toString();
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
        return limited.forType(type).readValue(content);
    }

    @Override
    public <T> T readValue(byte[] content, Class<T> type) throws IOException {
        return limited.forType(type).readValue(content);
    }

    @Override
    public <T> T readValue(String content, TypeRef<T> type) throws IOException {
        return limited.forType(javaType(type)).readValue(content);
    }

    @Override
    public <T> T readValue(byte[] content, TypeRef<T> type) throws IOException {
        return limited.forType(javaType(type)).readValue(content);
    }

    private JavaType javaType(TypeRef<?> type) {
        return limited.getTypeFactory().constructType(type.getType());
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

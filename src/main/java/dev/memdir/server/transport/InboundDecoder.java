package dev.memdir.server.transport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;

/** Classifies one input line: a message for the session, or the JSON-RPC error the transport answers with. */
final class InboundDecoder {

    private final ObjectMapper json;
    private final McpJsonMapper mcpJson;
    private final ParamsCheck paramsCheck;

    /** {@code tools} are the names of the tools the server publishes. */
    InboundDecoder(ObjectMapper json, McpJsonMapper mcpJson, Set<String> tools) {
        this.json = json;
        this.mcpJson = mcpJson;
        this.paramsCheck = new ParamsCheck(json, tools);
    }

    Inbound decode(byte[] line, int maxLineBytes) {
        Checked checked = check(line, maxLineBytes);
        if (checked.refusal() != null) {
            return checked.refusal();
        }
        if (ModernRequests.isModern(checked.node())) {
            return modernRequest(checked.node());
        }
        return message(checked.text(), checked.node().get("id"));
    }

    /**
     * The request as the 2026-07-28 server takes it: id, method and params exactly as they came. One the SDK's
     * request type refuses (an integer id past a long) is answered here, as {@link #message} answers a 2025-11-25 one.
     */
    private Inbound modernRequest(JsonNode node) {
        try {
            Object id = json.convertValue(node.get("id"), Object.class);
            Object params = node.hasNonNull("params") ? json.convertValue(node.get("params"), Object.class) : null;
            return new Inbound.Modern(new JsonRpc.JSONRPCRequest(node.get("method").asText(), id, params));
        } catch (RuntimeException e) {
            return Inbound.error(node.get("id"), JsonRpcErrors.INVALID_REQUEST, "Invalid Request: " + e.getMessage());
        }
    }

    /**
     * Returns the id and the asked protocol version when {@code line} is an initialize request the session will
     * take: every check of {@link #decode} passed, so the SDK's own conversion of it cannot fail. Only the tree is
     * read, not the SDK's message types, so that the answer need not wait for Jackson to learn them.
     */
    Optional<InitializeCall> initializeCall(byte[] line, int maxLineBytes) {
        Checked checked = check(line, maxLineBytes);
        if (checked.refusal() != null || !McpSchema.METHOD_INITIALIZE.equals(checked.node().path("method").asText())) {
            return Optional.empty();
        }
        JsonNode id = checked.node().get("id");
        if (id == null || !(id.isTextual() || id.canConvertToLong())) {
            return Optional.empty();
        }
        return Optional.of(new InitializeCall(id.isTextual() ? id.asText() : id.asLong(),
                checked.node().path("params").path("protocolVersion").asText()));
    }

    /** The parsed line, or the answer it gets instead of reaching the session (a reply or, for a blank line, none). */
    private record Checked(JsonNode node, String text, Inbound refusal) {

        static Checked refused(Inbound refusal) {
            return new Checked(null, null, refusal);
        }
    }

    private Checked check(byte[] line, int maxLineBytes) {
        if (line == LineReader.TOO_LONG) {
            return Checked.refused(Inbound.error(null, JsonRpcErrors.PARSE_ERROR,
                    "Parse error: message longer than " + maxLineBytes + " bytes"));
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(line))
                    .toString();
        } catch (CharacterCodingException e) {
            return Checked.refused(Inbound.error(null, JsonRpcErrors.PARSE_ERROR,
                    "Parse error: message is not valid UTF-8"));
        }
        if (text.isBlank()) {
            return Checked.refused(new Inbound.Skip());
        }
        JsonNode node;
        try {
            node = json.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(text);
        } catch (JsonProcessingException e) {
            return Checked.refused(Inbound.error(null, JsonRpcErrors.PARSE_ERROR,
                    "Parse error: " + e.getOriginalMessage()));
        }
        return new Checked(node, text, refusal(node).orElse(null));
    }

    /** Returns the error answer a message gets from the transport, or empty when it goes to the session. */
    private Optional<Inbound> refusal(JsonNode node) {
        if (node.isArray()) {
            return Optional.of(Inbound.error(null, JsonRpcErrors.INVALID_REQUEST,
                    "Invalid Request: batches are not supported"));
        }
        if (!node.isObject()) {
            return Optional.of(Inbound.error(null, JsonRpcErrors.INVALID_REQUEST,
                    "Invalid Request: expected a JSON object"));
        }
        JsonNode id = node.get("id");
        boolean hasId = id != null;
        if (hasId && !(id.isTextual() || id.isIntegralNumber())) {
            return Optional.of(Inbound.error(null, JsonRpcErrors.INVALID_REQUEST,
                    "Invalid Request: id must be a string or an integer"));
        }
        if (!node.path("jsonrpc").isTextual() || !"2.0".equals(node.path("jsonrpc").asText())) {
            return refuse(id, "Invalid Request: \"jsonrpc\" must be \"2.0\"");
        }
        JsonNode method = node.get("method");
        if (method == null) {
            boolean isResponse = hasId && (node.has("result") || node.has("error"));
            return isResponse ? Optional.empty() : refuse(id, "Invalid Request: no \"method\"");
        }
        if (!method.isTextual()) {
            return refuse(id, "Invalid Request: \"method\" must be a string");
        }
        JsonNode params = node.get("params");
        if (params != null && !params.isObject() && !params.isArray() && !params.isNull()) {
            return refuse(id, "Invalid Request: \"params\" must be an object or an array");
        }
        if (hasId) {
            Optional<String> problem = paramsCheck.problem(method.asText(), params);
            if (problem.isPresent()) {
                return Optional.of(Inbound.error(id, JsonRpcErrors.INVALID_PARAMS, problem.get()));
            }
        }
        return Optional.empty();
    }

    /** Answers -32600, with the message's id when it had a usable one and null otherwise (as JSON-RPC asks). */
    private static Optional<Inbound> refuse(JsonNode id, String why) {
        return Optional.of(Inbound.error(id, JsonRpcErrors.INVALID_REQUEST, why));
    }

    private Inbound message(String text, JsonNode id) {
        try {
            return new Inbound.Message(McpSchema.deserializeJsonRpcMessage(mcpJson, text));
        } catch (IOException | RuntimeException e) {
            return Inbound.error(id, JsonRpcErrors.INVALID_REQUEST, "Invalid Request: " + e.getMessage());
        }
    }
}

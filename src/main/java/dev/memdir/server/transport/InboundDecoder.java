package dev.memdir.server.transport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
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
        if (line == LineReader.TOO_LONG) {
            return Inbound.error(null, JsonRpcErrors.PARSE_ERROR,
                    "Parse error: message longer than " + maxLineBytes + " bytes");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(line))
                    .toString();
        } catch (CharacterCodingException e) {
            return Inbound.error(null, JsonRpcErrors.PARSE_ERROR, "Parse error: message is not valid UTF-8");
        }
        if (text.isBlank()) {
            return new Inbound.Skip();
        }
        JsonNode node;
        try {
            node = json.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(text);
        } catch (JsonProcessingException e) {
            return Inbound.error(null, JsonRpcErrors.PARSE_ERROR, "Parse error: " + e.getOriginalMessage());
        }
        return classify(node, text);
    }

    private Inbound classify(JsonNode node, String text) {
        if (node.isArray()) {
            return Inbound.error(null, JsonRpcErrors.INVALID_REQUEST, "Invalid Request: batches are not supported");
        }
        if (!node.isObject()) {
            return Inbound.error(null, JsonRpcErrors.INVALID_REQUEST, "Invalid Request: expected a JSON object");
        }
        JsonNode id = node.get("id");
        boolean hasId = id != null;
        if (hasId && !(id.isTextual() || id.isIntegralNumber())) {
            return Inbound.error(null, JsonRpcErrors.INVALID_REQUEST,
                    "Invalid Request: id must be a string or an integer");
        }
        if (!node.path("jsonrpc").isTextual() || !"2.0".equals(node.path("jsonrpc").asText())) {
            return refuse(id, "Invalid Request: \"jsonrpc\" must be \"2.0\"");
        }
        JsonNode method = node.get("method");
        if (method == null) {
            boolean isResponse = hasId && (node.has("result") || node.has("error"));
            return isResponse ? message(text, id) : refuse(id, "Invalid Request: no \"method\"");
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
                return Inbound.error(id, JsonRpcErrors.INVALID_PARAMS, problem.get());
            }
        }
        return message(text, id);
    }

    /** Answers -32600, with the message's id when it had a usable one and null otherwise (as JSON-RPC asks). */
    private static Inbound refuse(JsonNode id, String why) {
        return Inbound.error(id, JsonRpcErrors.INVALID_REQUEST, why);
    }

    private Inbound message(String text, JsonNode id) {
        try {
            return new Inbound.Message(McpSchema.deserializeJsonRpcMessage(mcpJson, text));
        } catch (IOException | RuntimeException e) {
            return refuse(id, "Invalid Request: " + e.getMessage());
        }
    }
}

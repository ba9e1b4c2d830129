package dev.memdir.e2e;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What both protocol fuzzers share: JSON written and read as the server's transport reads it, ids as the keys the
 * oracles pair answers by, and previews of lines for failure messages.
 */
final class Fuzzing {

    static final ObjectMapper JSON = new ObjectMapper();
    /** Parses exactly as the server's transport does (InboundDecoder). */
    static final ObjectReader STRICT = JSON.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    /** Writes non-ASCII as backslash-u escapes, so that lone surrogates reach the server as such. */
    private static final ObjectWriter ESCAPING = JSON.writer().with(JsonWriteFeature.ESCAPE_NON_ASCII);
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Fuzzing() {}

    static ObjectNode obj(Object... keysAndValues) {
        ObjectNode node = NODES.objectNode();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            node.set((String) keysAndValues[i], toNode(keysAndValues[i + 1]));
        }
        return node;
    }

    static JsonNode toNode(Object value) {
        if (value instanceof JsonNode node) {
            return node;
        }
        return JSON.valueToTree(value);
    }

    static ObjectNode request(JsonNode id, String method, JsonNode params) {
        ObjectNode node = obj("jsonrpc", "2.0");
        node.set("id", id);
        node.put("method", method);
        if (params != null) {
            node.set("params", params);
        }
        return node;
    }

    static ObjectNode toolCall(Object id, String tool, JsonNode arguments) {
        ObjectNode params = obj("name", tool);
        params.set("arguments", arguments);
        return request(toNode(id), "tools/call", params);
    }

    static byte[] serialise(JsonNode node, boolean escapeNonAscii) {
        try {
            return escapeNonAscii ? ESCAPING.writeValueAsBytes(node) : JSON.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    /** The identity of an id on the wire: its exact text, or its integer value. */
    static String key(JsonNode id) {
        if (id == null || id.isNull()) {
            return null;
        }
        if (id.isTextual()) {
            return "s:" + id.asText();
        }
        return "n:" + id.bigIntegerValue();
    }

    static String previewBytes(byte[] bytes) {
        int n = Math.min(bytes.length, 160);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            int b = bytes[i] & 0xff;
            out.append(b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02x", b));
        }
        return bytes.length > n ? out + "...(" + bytes.length + " bytes)" : out.toString();
    }

    static String abbreviate(String text) {
        if (text == null) {
            return "null";
        }
        return text.length() > 300 ? text.substring(0, 300) + "...(" + text.length() + " chars)" : text;
    }

    /** The last lines of the server's stderr, for a failure message (the temp dir is gone afterwards). */
    static String tail(Path stderr) {
        try {
            List<String> log = Files.readAllLines(stderr, StandardCharsets.ISO_8859_1);
            return "; memdir's stderr ends with:\n" + String.join("\n", log.subList(Math.max(0, log.size() - 30),
                    log.size()));
        } catch (IOException e) {
            return "; stderr unreadable: " + e;
        }
    }
}

package dev.memdir.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;

/**
 * What the front servlet needs of a JSON-RPC body to route and log it: the top-level {@code method} and {@code id},
 * read as a stream with {@code params} and every other field skipped, nothing of them built. The first JSON value of
 * the body is scanned whole (the transports read no more), so a body over a {@link ParseLimits limit} is found here,
 * before any transport parses it.
 *
 * @param method the method, or null when there is none (not JSON, not an object, no string method)
 * @param id the id when it is a string, a number or null; null when there is none
 * @param overLimit which limit the body is over, or null when it is within them
 */
record RequestHead(String method, JsonNode id, String overLimit) {

    private static final RequestHead NONE = new RequestHead(null, null, null);

    /** Scans {@code body}; what is not JSON has no head (the transport answers it with a parse error). */
    static RequestHead of(byte[] body, ParseLimits limits) {
        String method = null;
        JsonNode id = null;
        try (JsonParser parser = limits.factory().createParser(body)) {
            try {
                if (parser.nextToken() != JsonToken.START_OBJECT) {
                    parser.skipChildren();
                    return NONE;
                }
                for (JsonToken field = parser.nextToken(); field == JsonToken.FIELD_NAME;
                        field = parser.nextToken()) {
                    String name = parser.currentName();
                    JsonToken value = parser.nextToken();
                    if (name.equals("method") && value == JsonToken.VALUE_STRING) {
                        method = parser.getText();
                    } else if (name.equals("id")) {
                        id = id(parser, value);
                    }
                    parser.skipChildren();
                }
                return new RequestHead(method, id, null);
            } catch (StreamConstraintsException over) {
                return new RequestHead(method, id, limits.overLimit(over));
            }
        } catch (JsonProcessingException notJson) {
            return NONE;
        } catch (IOException e) {
            throw new IllegalStateException("a byte array is read without I/O", e);
        }
    }

    private static JsonNode id(JsonParser parser, JsonToken value) throws IOException {
        return switch (value) {
            case VALUE_STRING -> JsonNodeFactory.instance.textNode(parser.getText());
            case VALUE_NUMBER_INT -> JsonNodeFactory.instance.numberNode(parser.getBigIntegerValue());
            case VALUE_NULL -> JsonNodeFactory.instance.nullNode();
            default -> null;
        };
    }
}

package dev.memdir.server.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * What a request read before initialize gets: ping its result; anything else an error, as it would wait for a session
 * that never starts.
 */
final class BeforeInitialize {

    private BeforeInitialize() {}

    /** The answer line to the request {@code id} of {@code method}. */
    static String answer(JsonNode id, String method) {
        if (McpSchema.METHOD_PING.equals(method)) {
            ObjectNode response = JsonNodeFactory.instance.objectNode();
            response.put("jsonrpc", "2.0");
            response.set("id", id);
            response.putObject("result");
            return response.toString();
        }
        return JsonRpcErrors.response(id, JsonRpcErrors.INVALID_REQUEST,
                "Invalid Request: the session is not initialized; send initialize first").toString();
    }
}

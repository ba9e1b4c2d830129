package dev.memdir.server.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.spec.McpSchema;

/** What one input line turned out to be. */
sealed interface Inbound permits Inbound.Message, Inbound.Modern, Inbound.Reply, Inbound.Skip {

    /** A well-formed message for the MCP session. */
    record Message(McpSchema.JSONRPCMessage message) implements Inbound {}

    /** A 2026-07-28 request, served without a session. */
    record Modern(JsonRpc.JSONRPCRequest request) implements Inbound {}

    /** A line the transport answers itself with an error response. */
    record Reply(ObjectNode response) implements Inbound {}

    /** A blank line: no message, so no answer. */
    record Skip() implements Inbound {}

    static Reply error(JsonNode id, int code, String message) {
        return new Reply(JsonRpcErrors.response(id, code, message));
    }
}

package dev.memdir.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * A 2026-07-28 request as a line: the method's params plus {@code _meta} with the protocol version, the client's
 * capabilities and its info, which every request of that revision carries (there is no handshake).
 */
final class ModernRequest {

    static final String VERSION = "2026-07-28";
    static final String PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
    static final String CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
    static final String CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
    static final String LOG_LEVEL = "io.modelcontextprotocol/logLevel";
    static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";
    static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

    private final ObjectNode request = RawSession.JSON.createObjectNode();
    private final ObjectNode params;
    private final ObjectNode meta;

    private ModernRequest(Object id, String method) {
        request.put("jsonrpc", "2.0");
        request.set("id", RawSession.JSON.valueToTree(id));
        request.put("method", method);
        params = request.putObject("params");
        meta = params.putObject("_meta");
        meta.put(PROTOCOL_VERSION, VERSION);
        meta.putObject(CLIENT_CAPABILITIES);
        meta.putObject(CLIENT_INFO).put("name", "wire-test").put("version", "1");
    }

    static ModernRequest of(Object id, String method) {
        return new ModernRequest(id, method);
    }

    static String toolCall(Object id, String tool, Map<String, Object> arguments) {
        return of(id, "tools/call").param("name", tool).param("arguments", arguments).line();
    }

    static String read(Object id, String uri) {
        return of(id, "resources/read").param("uri", uri).line();
    }

    /** {@code subscriptions/listen} for resource updates of {@code uris}. */
    static String listen(Object id, String... uris) {
        return of(id, "subscriptions/listen").param("notifications", Map.of("resourceSubscriptions", uris)).line();
    }

    static String cancelled(Object requestId) {
        ObjectNode notification = RawSession.JSON.createObjectNode().put("jsonrpc", "2.0")
                .put("method", "notifications/cancelled");
        notification.putObject("params").set("requestId", RawSession.JSON.valueToTree(requestId));
        return notification.toString();
    }

    ModernRequest param(String name, Object value) {
        params.set(name, RawSession.JSON.valueToTree(value));
        return this;
    }

    /** Sets a {@code _meta} entry; a null value removes it. */
    ModernRequest meta(String key, Object value) {
        if (value == null) {
            meta.remove(key);
        } else {
            meta.set(key, RawSession.JSON.valueToTree(value));
        }
        return this;
    }

    ModernRequest logLevel(String level) {
        return meta(LOG_LEVEL, level);
    }

    /** Replaces {@code _meta} with any JSON value, or removes it when {@code value} is null. */
    ModernRequest rawMeta(JsonNode value) {
        if (value == null) {
            params.remove("_meta");
        } else {
            params.set("_meta", value);
        }
        return this;
    }

    String line() {
        return request.toString();
    }

    ObjectNode node() {
        return request;
    }
}

package dev.memdir.e2e.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * A 2026-07-28 request as a line: the method's params plus {@code _meta} with the protocol version, the client's
 * capabilities and its info, which every request of that revision carries (there is no handshake).
 */
public final class ModernRequest {

    public static final String VERSION = "2026-07-28";
    public static final String PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
    public static final String CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
    public static final String CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
    public static final String LOG_LEVEL = "io.modelcontextprotocol/logLevel";
    public static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";
    public static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

    private final ObjectNode request = LineSession.JSON.createObjectNode();
    private final ObjectNode params;
    private final ObjectNode meta;

    private ModernRequest(Object id, String method) {
        request.put("jsonrpc", "2.0");
        request.set("id", LineSession.JSON.valueToTree(id));
        request.put("method", method);
        params = request.putObject("params");
        meta = params.putObject("_meta");
        meta.put(PROTOCOL_VERSION, VERSION);
        meta.putObject(CLIENT_CAPABILITIES);
        meta.putObject(CLIENT_INFO).put("name", "wire-test").put("version", "1");
    }

    public static ModernRequest of(Object id, String method) {
        return new ModernRequest(id, method);
    }

    public static String toolCall(Object id, String tool, Map<String, Object> arguments) {
        return of(id, "tools/call").param("name", tool).param("arguments", arguments).line();
    }

    public static String read(Object id, String uri) {
        return of(id, "resources/read").param("uri", uri).line();
    }

    /** {@code subscriptions/listen} for resource updates of {@code uris}. */
    public static String listen(Object id, String... uris) {
        return of(id, "subscriptions/listen").param("notifications", Map.of("resourceSubscriptions", uris)).line();
    }

    public static String cancelled(Object requestId) {
        ObjectNode notification = LineSession.JSON.createObjectNode().put("jsonrpc", "2.0")
                .put("method", "notifications/cancelled");
        notification.putObject("params").set("requestId", LineSession.JSON.valueToTree(requestId));
        return notification.toString();
    }

    public ModernRequest param(String name, Object value) {
        params.set(name, LineSession.JSON.valueToTree(value));
        return this;
    }

    /** Sets a {@code _meta} entry; a null value removes it. */
    public ModernRequest meta(String key, Object value) {
        if (value == null) {
            meta.remove(key);
        } else {
            meta.set(key, LineSession.JSON.valueToTree(value));
        }
        return this;
    }

    public ModernRequest logLevel(String level) {
        return meta(LOG_LEVEL, level);
    }

    /** Replaces {@code _meta} with any JSON value, or removes it when {@code value} is null. */
    public ModernRequest rawMeta(JsonNode value) {
        if (value == null) {
            params.remove("_meta");
        } else {
            params.set("_meta", value);
        }
        return this;
    }

    public String line() {
        return request.toString();
    }

    public ObjectNode node() {
        return request;
    }
}

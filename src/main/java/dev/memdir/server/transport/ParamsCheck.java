package dev.memdir.server.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks the params of the requests the server answers, so that a wrong shape gets -32602 instead of
 * the internal error the SDK would produce when it fails to convert them, and a call of a tool the server does not
 * publish gets a -32602 that names it (the SDK's own answer names a placeholder, {@code invalid_tool_name}).
 */
final class ParamsCheck {

    /** The params' type, the fields that must be strings and those that must be objects. */
    private record Shape(Class<?> type, List<String> required, List<String> objects) {

        Shape(Class<?> type, List<String> required) {
            this(type, required, List.of());
        }
    }

    private static final Map<String, Shape> SHAPES = Map.ofEntries(
            Map.entry(McpSchema.METHOD_INITIALIZE, new Shape(McpSchema.InitializeRequest.class, List.of("protocolVersion"))),
            Map.entry(McpSchema.METHOD_TOOLS_CALL, new Shape(McpSchema.CallToolRequest.class, List.of("name"))),
            Map.entry(McpSchema.METHOD_TOOLS_LIST, new Shape(McpSchema.PaginatedRequest.class, List.of())),
            Map.entry(McpSchema.METHOD_RESOURCES_LIST, new Shape(McpSchema.PaginatedRequest.class, List.of())),
            Map.entry(McpSchema.METHOD_RESOURCES_TEMPLATES_LIST,
                    new Shape(McpSchema.PaginatedRequest.class, List.of())),
            Map.entry(McpSchema.METHOD_RESOURCES_READ, new Shape(McpSchema.ReadResourceRequest.class, List.of("uri"))),
            Map.entry(McpSchema.METHOD_RESOURCES_SUBSCRIBE, new Shape(McpSchema.SubscribeRequest.class, List.of("uri"))),
            Map.entry(McpSchema.METHOD_RESOURCES_UNSUBSCRIBE,
                    new Shape(McpSchema.UnsubscribeRequest.class, List.of("uri"))),
            Map.entry(McpSchema.METHOD_PROMPT_LIST, new Shape(McpSchema.PaginatedRequest.class, List.of())),
            Map.entry(McpSchema.METHOD_PROMPT_GET, new Shape(McpSchema.GetPromptRequest.class, List.of("name"))),
            Map.entry(McpSchema.METHOD_LOGGING_SET_LEVEL, new Shape(McpSchema.SetLevelRequest.class, List.of("level"))),
            Map.entry(McpSchema.METHOD_COMPLETION_COMPLETE,
                    new Shape(McpSchema.CompleteRequest.class, List.of(), List.of("ref", "argument"))));

    private final ObjectMapper json;
    private final Set<String> tools;

    ParamsCheck(ObjectMapper json, Set<String> tools) {
        this.json = json;
        this.tools = Set.copyOf(tools);
    }

    /** Returns what is wrong with the params of {@code method}, or empty when they fit (or the method is not ours). */
    Optional<String> problem(String method, JsonNode params) {
        Shape shape = SHAPES.get(method);
        if (shape == null) {
            return Optional.empty();
        }
        boolean absent = params == null || params.isNull();
        if (absent && shape.required().isEmpty() && shape.objects().isEmpty()) {
            return Optional.empty();
        }
        if (absent || !params.isObject()) {
            return Optional.of("Invalid params: " + method + " takes an object");
        }
        for (String field : shape.required()) {
            if (params.path(field).isMissingNode() || params.path(field).isNull()) {
                return Optional.of("Invalid params: " + method + " requires \"" + field + "\"");
            }
            if (!params.get(field).isTextual()) {
                return Optional.of("Invalid params: \"" + field + "\" of " + method + " must be a string");
            }
        }
        for (String field : shape.objects()) {
            if (!params.path(field).isObject()) {
                return Optional.of("Invalid params: " + method + " requires \"" + field + "\", an object");
            }
        }
        try {
            json.treeToValue(params, shape.type());
        } catch (Exception e) {
            return Optional.of("Invalid params for " + method + ": " + firstLine(e.getMessage()));
        }
        return unknownTool(method, params);
    }

    private Optional<String> unknownTool(String method, JsonNode params) {
        if (!McpSchema.METHOD_TOOLS_CALL.equals(method) || tools.contains(params.get("name").asText())) {
            return Optional.empty();
        }
        return Optional.of("Unknown tool: " + params.get("name").asText());
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "cannot be read";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}

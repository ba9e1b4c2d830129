package dev.memdir.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.config.ToolLayout;
import dev.memdir.memory.MemoryTool;
import dev.memdir.server.feature.Tool;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The tool definitions a client lists: six tools (the default) or the API's single {@code memory} tool. */
final class ToolCatalog {

    static final String SINGLE_TOOL_NAME = "memory";

    private final ObjectMapper json;
    private final ObjectNode definitions;

    ToolCatalog(ObjectMapper json) {
        this.json = json;
        try (InputStream in = ToolCatalog.class.getResourceAsStream("tools.json")) {
            this.definitions = (ObjectNode) json.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("tools.json is missing from the jar", e);
        }
    }

    /** Returns one tool per command ({@code view} alone when read-only). */
    List<Tool.Definition> split(boolean readOnly) {
        List<Tool.Definition> tools = new ArrayList<>();
        for (String command : commands(readOnly)) {
            tools.add(named(command));
        }
        return tools;
    }

    /** Returns the {@code search} tool (recall), published only with --search-tool. */
    Tool.Definition search() {
        return named("search");
    }

    /** Returns the {@code context} tool Claude Code's hooks call, published only with --context-tool. */
    Tool.Definition context() {
        return named(ContextTool.NAME);
    }

    private Tool.Definition named(String name) {
        ObjectNode definition = ((ObjectNode) definitions.get(name)).deepCopy();
        definition.put("name", name);
        return toTool(definition);
    }

    /** Returns the single {@code memory} tool whose input is a {@code command} plus that command's fields. */
    Tool.Definition single(boolean readOnly) {
        ObjectNode properties = json.createObjectNode();
        ObjectNode command = properties.putObject("command");
        command.put("type", "string");
        ArrayNode names = command.putArray("enum");
        commands(readOnly).forEach(names::add);
        command.put("description", "The memory command to run; the other fields are that command's inputs");
        for (String name : commands(readOnly)) {
            definitions.get(name).path("inputSchema").path("properties").fields()
                    .forEachRemaining(field -> properties.putIfAbsent(field.getKey(), field.getValue()));
        }
        ObjectNode tool = json.createObjectNode();
        tool.put("name", SINGLE_TOOL_NAME);
        tool.put("title", "Memory");
        tool.put("description", "The memory tool of the Claude API over a persistent /memories directory. Commands: "
                + String.join(", ", commands(readOnly))
                + ". view lists a directory or shows a file with line numbers; create writes a new file;"
                + " str_replace replaces a unique string; insert adds text after a line; delete removes a file or"
                + " directory; rename moves one. Paths always start with /memories.");
        ObjectNode schema = tool.putObject("inputSchema");
        schema.put("type", "object");
        schema.set("properties", properties);
        schema.putArray("required").add("command");
        ObjectNode annotations = tool.putObject("annotations");
        annotations.put("readOnlyHint", readOnly);
        annotations.put("destructiveHint", !readOnly);
        annotations.put("idempotentHint", false);
        annotations.put("openWorldHint", false);
        return toTool(tool);
    }

    /**
     * Returns the names of the tools a server with these settings publishes, known before the catalog is read (the
     * transport checks calls against them from the first line on).
     */
    static Set<String> names(ToolLayout layout, boolean readOnly, boolean searchTool, boolean contextTool) {
        Set<String> names = new HashSet<>(layout == ToolLayout.SINGLE ? List.of(SINGLE_TOOL_NAME) : commands(readOnly));
        if (searchTool) {
            names.add("search");
        }
        if (contextTool) {
            names.add(ContextTool.NAME);
        }
        return Set.copyOf(names);
    }

    private static List<String> commands(boolean readOnly) {
        return readOnly ? List.of("view") : MemoryTool.COMMANDS;
    }

    private Tool.Definition toTool(JsonNode definition) {
        @SuppressWarnings("unchecked")
        Map<String, Object> schema = json.convertValue(definition.get("inputSchema"), Map.class);
        JsonNode hints = definition.get("annotations");
        return new Tool.Definition(definition.get("name").asText(), definition.get("title").asText(),
                definition.get("description").asText(), schema, new Tool.Hints(hint(hints, "readOnlyHint"),
                        hint(hints, "destructiveHint"), hint(hints, "idempotentHint"), hint(hints, "openWorldHint")));
    }

    /** A hint the definition leaves out stays absent (null): tools.json leaves out those equal to the default. */
    private static Boolean hint(JsonNode hints, String name) {
        JsonNode hint = hints.get(name);
        return hint == null ? null : hint.asBoolean();
    }
}

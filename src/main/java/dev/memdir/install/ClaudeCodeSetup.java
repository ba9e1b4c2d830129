package dev.memdir.install;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * memdir's part of Claude Code's user settings, for the MCP server registered as {@code server}: a hook group per
 * event that calls its tool {@code context} ({@code mcp_tool} hooks, no process started per prompt), the deny rule
 * that leaves that tool out of what the model is shown (a hook calls it all the same), and
 * {@code autoMemoryEnabled: false}.
 */
public final class ClaudeCodeSetup {

    static final String TOOL = "context";
    static final String AUTO_MEMORY = "autoMemoryEnabled";
    /** Seconds a hook may take before Claude Code gives up on it and goes on without. */
    static final int TIMEOUT_SECONDS = 10;
    private static final String TOUCHING_TOOLS = "Read|Edit|Write";

    private final String server;
    private final Set<ClaudeCodePart> parts;
    private final ObjectMapper json = new ObjectMapper();

    public ClaudeCodeSetup(String server, Set<ClaudeCodePart> parts) {
        this.server = server;
        this.parts = parts.isEmpty() ? EnumSet.noneOf(ClaudeCodePart.class) : EnumSet.copyOf(parts);
    }

    String server() {
        return server;
    }

    /** The hook group memdir adds to each hook event, in the order they are written. */
    Map<String, JsonNode> hooks() {
        Map<String, JsonNode> hooks = new LinkedHashMap<>();
        boolean reminds = parts.contains(ClaudeCodePart.COMPACTION);
        if (parts.contains(ClaudeCodePart.PROMPT)) {
            ObjectNode input = input("UserPromptSubmit").put("prompt", "${prompt}");
            hooks.put("UserPromptSubmit", group(null, reminds ? input.put("transcript", "${transcript_path}") : input));
        }
        if (parts.contains(ClaudeCodePart.FILE)) {
            ObjectNode input = input("PostToolUse").put("file", "${tool_input.file_path}").put("cwd", "${cwd}");
            hooks.put("PostToolUse", group(TOUCHING_TOOLS,
                    reminds ? input.put("transcript", "${transcript_path}") : input));
        }
        if (reminds) {
            hooks.put("PreCompact", group(null, input("PreCompact")));
            hooks.put("SessionStart", group("compact", input("SessionStart").put("source", "${source}")));
        }
        return hooks;
    }

    /** What the setup does, in a few words: the hooks' parts and whether auto memory is turned off. */
    public String summary() {
        List<String> words = new ArrayList<>();
        parts.stream().filter(part -> part != ClaudeCodePart.AUTO_MEMORY)
                .forEach(part -> words.add(part.word()));
        String hooks = words.isEmpty() ? "" : "hooks for " + String.join(", ", words);
        if (!turnsOffAutoMemory()) {
            return hooks;
        }
        return hooks.isEmpty() ? AUTO_MEMORY + ": false" : hooks + "; " + AUTO_MEMORY + ": false";
    }

    /** The permission rule that leaves the hooks' tool out of the tools the model is shown. */
    String denyRule() {
        return "mcp__" + server + "__" + TOOL;
    }

    boolean turnsOffAutoMemory() {
        return parts.contains(ClaudeCodePart.AUTO_MEMORY);
    }

    /** Whether a hook group of the settings is memdir's: every hook in it calls this server's tool. */
    boolean isOurs(JsonNode group) {
        JsonNode hooks = group.path("hooks");
        if (!hooks.isArray() || hooks.isEmpty()) {
            return false;
        }
        for (JsonNode hook : hooks) {
            if (!"mcp_tool".equals(hook.path("type").asText()) || !server.equals(hook.path("server").asText())
                    || !TOOL.equals(hook.path("tool").asText())) {
                return false;
            }
        }
        return true;
    }

    /** Whether the setup adds hooks (it may only turn auto memory off, or do nothing). */
    public boolean hasHooks() {
        return !hooks().isEmpty();
    }

    /** All of memdir's part as one settings object: what {@code --install} would merge in. */
    public JsonNode asSettings() {
        ObjectNode settings = json.createObjectNode();
        if (!hooks().isEmpty()) {
            ObjectNode events = settings.putObject("hooks");
            hooks().forEach((event, group) -> events.putArray(event).add(group));
            settings.putObject("permissions").putArray("deny").add(denyRule());
        }
        if (turnsOffAutoMemory()) {
            settings.put(AUTO_MEMORY, false);
        }
        return settings;
    }

    private ObjectNode input(String event) {
        return json.createObjectNode().put("event", event).put("session", "${session_id}");
    }

    private JsonNode group(String matcher, ObjectNode input) {
        ObjectNode group = json.createObjectNode();
        if (matcher != null) {
            group.put("matcher", matcher);
        }
        ObjectNode hook = group.putArray("hooks").addObject();
        hook.put("type", "mcp_tool").put("server", server).put("tool", TOOL);
        hook.set("input", input);
        hook.put("timeout", TIMEOUT_SECONDS);
        return group;
    }
}

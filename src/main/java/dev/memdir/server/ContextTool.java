package dev.memdir.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.context.MemoryContext;
import dev.memdir.context.TranscriptUsage;
import dev.memdir.server.feature.Tool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * The tool {@code context} that Claude Code's hooks call (mcp_tool hooks, set up by {@code memdir config claude-code
 * --install}): a hook event's input to what {@link MemoryContext} brings, answered as the hook output Claude Code
 * reads, {@code hookSpecificOutput.additionalContext} (plain text is not added to the context), or for
 * {@code PreCompact} the plain text Claude Code adds to the summary's instructions.
 */
final class ContextTool {

    static final String NAME = "context";
    private static final String PROMPT = "UserPromptSubmit";
    private static final String FILE = "PostToolUse";
    private static final String BEFORE_SUMMARY = "PreCompact";
    private static final String AFTER_SUMMARY = "SessionStart";

    private final MemoryContext context;
    private final Optional<TranscriptUsage> transcripts;
    private final Supplier<List<String>> projects;
    private final ObjectMapper json;

    /**
     * {@code transcripts} reads a session's usage from its transcript, for a server of the host's own user only;
     * {@code projects} are the directories of the host a touched file may belong to, besides the hook's own
     * working directory (none on a team server: its host is not the client's).
     */
    ContextTool(MemoryContext context, Optional<TranscriptUsage> transcripts, Supplier<List<String>> projects,
            ObjectMapper json) {
        this.context = context;
        this.transcripts = transcripts;
        this.projects = projects;
        this.json = json;
    }

    Tool tool(ToolCatalog catalog) {
        return new Tool(catalog.context(), (client, arguments) -> {
            try {
                return answer(arguments);
            } catch (IOException e) {
                return new Tool.Result.Text("Error: cannot read the memory: " + e.getMessage(), true);
            }
        });
    }

    private Tool.Result answer(Map<String, Object> arguments) throws IOException {
        String event = text(arguments, "event");
        String session = text(arguments, "session");
        switch (event) {
            case PROMPT:
                return hookOutput(event, context.forPrompt(session, text(arguments, "prompt"), tokens(arguments)));
            case FILE:
                List<String> directories = new ArrayList<>(List.of(text(arguments, "cwd")));
                directories.addAll(projects.get());
                return hookOutput(event, context.forFile(session, text(arguments, "file"), directories,
                        tokens(arguments)));
            case BEFORE_SUMMARY:
                return new Tool.Result.Text(context.beforeSummary(session), false);
            case AFTER_SUMMARY:
                String source = text(arguments, "source");
                return hookOutput(event, source.isEmpty() || source.equals("compact")
                        ? Optional.of(context.afterSummary(session)) : Optional.empty());
            default:
                return new Tool.Result.Text("Error: context needs an event of Claude Code's hooks: " + PROMPT + ", "
                        + FILE + ", " + BEFORE_SUMMARY + " or " + AFTER_SUMMARY, true);
        }
    }

    private OptionalLong tokens(Map<String, Object> arguments) {
        String transcript = text(arguments, "transcript");
        return transcripts.isEmpty() || transcript.isEmpty() ? OptionalLong.empty()
                : transcripts.get().tokens(transcript);
    }

    /** The hook output that adds {@code added} to the context, or an empty object that adds nothing. */
    private Tool.Result hookOutput(String event, Optional<String> added) {
        ObjectNode output = json.createObjectNode();
        added.ifPresent(text -> output.putObject("hookSpecificOutput").put("hookEventName", event)
                .put("additionalContext", text));
        try {
            return new Tool.Result.Text(json.writeValueAsString(output), false);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String text(Map<String, Object> arguments, String name) {
        Object value = arguments.get(name);
        return value instanceof String text ? text : "";
    }
}

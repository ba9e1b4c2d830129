package dev.memdir.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.recall.Recall;
import dev.memdir.recall.RecallDigest;
import dev.memdir.recall.RecallMatch;
import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/** Recall as MCP offers it: the {@code recall} prompt, the {@code memdir://memory/recall{?q}} template and the
 * {@code search} tool. */
final class RecallFeatures {

    static final String TEMPLATE_PREFIX = "memdir://memory/recall";
    static final String PROMPT_NAME = "recall";
    private static final int PROMPT_MATCHES = 5;
    private static final int PROMPT_BUDGET_CHARS = 20_000;
    private static final int LISTED_MATCHES = 10;

    private final Recall recall;
    private final MemoryStore store;
    private final ObjectMapper json;

    RecallFeatures(MemoryStore store, ObjectMapper json) {
        this.recall = Recall.toldOfChanges(store);
        this.store = store;
        this.json = json;
    }

    /** Takes note of a change to the memory, so that the next recall sees it. */
    void changed(MemoryChanges changes) {
        recall.changed(changes);
    }

    SyncPromptSpecification prompt() {
        McpSchema.Prompt prompt = new McpSchema.Prompt(PROMPT_NAME, "Recall",
                "The memory files that best match a query, with their contents, as one message",
                List.of(new McpSchema.PromptArgument("query", "What to recall: a few words", true)));
        return new SyncPromptSpecification(prompt, (exchange, request) -> {
            String query = query(Optional.ofNullable(request.arguments()).map(args -> args.get("query")));
            String text = Reads.io(PROMPT_NAME, () -> RecallDigest.contents(query,
                    recall.search(query, PROMPT_MATCHES), this::contents, PROMPT_BUDGET_CHARS));
            return new McpSchema.GetPromptResult(prompt.description(), List.of(
                    new McpSchema.PromptMessage(McpSchema.Role.USER, new McpSchema.TextContent(text))));
        });
    }

    SyncResourceTemplateSpecification template() {
        McpSchema.ResourceTemplate template = McpSchema.ResourceTemplate.builder()
                .uriTemplate(TEMPLATE_PREFIX + "{?q}").name("memory-recall").title("Recall")
                .description("The memory files that best match q (BM25 over path, name, description and text):"
                        + " path, score and description, best first")
                .mimeType("application/json").build();
        UriTemplates uriTemplate = new UriTemplates(template.uriTemplate());
        return new SyncResourceTemplateSpecification(template, (exchange, request) -> {
            String query = query(Optional.ofNullable(uriTemplate.extractVariableValues(request.uri()).get("q"))
                    .map(value -> PercentDecoding.decode(request.uri(), value)));
            List<RecallMatch> matches = Reads.io(request.uri(), () -> recall.search(query, LISTED_MATCHES));
            return Reads.text(request.uri(), "application/json", Reads.io(request.uri(), () -> listing(query, matches)));
        });
    }

    /** The seventh tool, {@code search} (only with --search-tool: every tool costs context on every request). */
    SyncToolSpecification tool(ToolCatalog catalog) {
        return SyncToolSpecification.builder()
                .tool(catalog.search())
                .callHandler((exchange, request) -> {
                    Object given = request.arguments() == null ? null : request.arguments().get("query");
                    String query = given == null ? "" : given.toString().trim();
                    if (query.isEmpty()) {
                        return toolResult("Error: search needs a query of a few words", true);
                    }
                    try {
                        return toolResult(RecallDigest.list(query, recall.search(query, LISTED_MATCHES)), false);
                    } catch (IOException e) {
                        return toolResult("Error: cannot search the memory directory: " + e.getMessage(), true);
                    }
                })
                .build();
    }

    private static McpSchema.CallToolResult toolResult(String text, boolean isError) {
        return McpSchema.CallToolResult.builder().addTextContent(text).isError(isError).build();
    }

    private Optional<String> contents(String path) throws IOException {
        try {
            return store.readText(MemoryPathParser.parse(path));
        } catch (InvalidMemoryPathException notAMemoryPath) {
            return Optional.empty();
        }
    }

    private String listing(String query, List<RecallMatch> matches) throws IOException {
        ObjectNode body = json.createObjectNode();
        body.put("query", query);
        ArrayNode list = body.putArray("matches");
        for (RecallMatch match : matches) {
            list.addObject().put("path", match.path()).put("score", match.score())
                    .put("description", match.description());
        }
        return json.writerWithDefaultPrettyPrinter().writeValueAsString(body);
    }

    private static String query(Optional<?> given) {
        String query = given.map(Object::toString).map(String::trim).orElse("");
        if (query.isEmpty()) {
            throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                    .message("Invalid params: recall needs a query of a few words").build();
        }
        return query;
    }
}

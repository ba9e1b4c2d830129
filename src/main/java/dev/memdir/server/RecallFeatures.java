package dev.memdir.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.recall.Embedding;
import dev.memdir.recall.Recall;
import dev.memdir.recall.RecallAnswer;
import dev.memdir.recall.RecallDigest;
import dev.memdir.recall.RecallMatch;
import dev.memdir.server.feature.Completer;
import dev.memdir.server.feature.Prompt;
import dev.memdir.server.feature.RequestFailure;
import dev.memdir.server.feature.Resource;
import dev.memdir.server.feature.Template;
import dev.memdir.server.feature.Tool;
import dev.memdir.server.feature.UriTemplate;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Recall as MCP offers it: the {@code recall} prompt, the {@code memdir://memory/recall{?q}} template and the
 * {@code search} tool.
 */
final class RecallFeatures {

    static final String TEMPLATE_PREFIX = "memdir://memory/recall";
    static final String PROMPT_NAME = "recall";
    private static final int PROMPT_MATCHES = 5;
    private static final int PROMPT_BUDGET_CHARS = 20_000;
    private static final int LISTED_MATCHES = 10;

    private final Recall recall;
    private final boolean hybrid;
    private final MemoryStore store;
    private final ObjectMapper json;

    RecallFeatures(MemoryStore store, ObjectMapper json, Optional<Embedding> embedding, Duration patience) {
        this.recall = Recall.toldOfChanges(store, embedding, patience);
        this.hybrid = embedding.isPresent();
        this.store = store;
        this.json = json;
    }

    /** Returns the recall these features answer with, which follows the store's changes. */
    Recall recall() {
        return recall;
    }

    /** Takes note of a change to the memory, so that the next recall sees it. */
    void changed(MemoryChanges changes) {
        recall.changed(changes);
    }

    /** The prompt, whose query {@code completer} completes. */
    Prompt prompt(Completer completer) {
        Prompt.Definition prompt = new Prompt.Definition(PROMPT_NAME, "Recall",
                "The memory files that best match a query, with their contents, as one message",
                List.of(new Prompt.Argument("query", "What to recall: a few words", true)));
        return new Prompt(prompt, (client, arguments) -> {
            String query = query(Optional.ofNullable(arguments.get("query")));
            String text = Reads.io(PROMPT_NAME, () -> RecallDigest.contents(query,
                    recall.search(query, PROMPT_MATCHES), this::contents, PROMPT_BUDGET_CHARS));
            return new Prompt.Message(prompt.description(), text);
        }, Optional.of(completer));
    }

    Template template() {
        Template.Definition template = new Template.Definition(TEMPLATE_PREFIX + "{?q}", "memory-recall", "Recall",
                "The memory files that best match q (BM25 over path, name, description and text, fused with the"
                        + " similarity of meaning under --recall hybrid): path, score, description and ranking, best"
                        + " first",
                "application/json");
        UriTemplate uriTemplate = new UriTemplate(template.uriTemplate());
        return new Template(template, (client, uri) -> {
            String query = query(Optional.ofNullable(uriTemplate.values(uri).get("q"))
                    .map(value -> PercentDecoding.decode(uri, value)));
            RecallAnswer answer = Reads.io(uri, () -> recall.answer(query, LISTED_MATCHES));
            return Reads.text(uri, "application/json", Reads.io(uri, () -> listing(query, answer)));
        }, Resource.Source.MEMORY, Optional.empty());
    }

    /** The seventh tool, {@code search} (only with --search-tool: every tool costs context on every request). */
    Tool tool(ToolCatalog catalog) {
        return new Tool(catalog.search(), (client, arguments) -> {
            Object given = arguments.get("query");
            String query = given == null ? "" : given.toString().trim();
            if (query.isEmpty()) {
                return new Tool.Result.Text("Error: search needs a query of a few words", true);
            }
            try {
                return new Tool.Result.Text(RecallDigest.list(query, recall.search(query, LISTED_MATCHES)), false);
            } catch (IOException e) {
                return new Tool.Result.Text("Error: cannot search the memory directory: " + e.getMessage(), true);
            }
        });
    }

    private Optional<String> contents(String path) throws IOException {
        try {
            return store.readText(MemoryPathParser.parse(path));
        } catch (InvalidMemoryPathException notAMemoryPath) {
            return Optional.empty();
        }
    }

    private String listing(String query, RecallAnswer answer) throws IOException {
        ObjectNode body = json.createObjectNode();
        body.put("query", query);
        body.put("ranking", ranking(answer.byMeaning()));
        if (hybrid) {
            body.put("withoutVectors", answer.withoutVectors());
        }
        ArrayNode list = body.putArray("matches");
        for (RecallMatch match : answer.matches()) {
            list.addObject().put("path", match.path()).put("score", match.score())
                    .put("description", match.description()).put("ranking", ranking(match.byMeaning()));
        }
        return json.writerWithDefaultPrettyPrinter().writeValueAsString(body);
    }

    private static String ranking(boolean byMeaning) {
        return byMeaning ? "hybrid" : "keywords";
    }

    private static String query(Optional<?> given) {
        String query = given.map(Object::toString).map(String::trim).orElse("");
        if (query.isEmpty()) {
            throw RequestFailure.invalidParams("Invalid params: recall needs a query of a few words");
        }
        return query;
    }
}

package dev.memdir.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.index.IndexBudget;
import dev.memdir.index.LoadedIndex;
import dev.memdir.memory.MemoryAges;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.store.Usage;
import dev.memdir.server.feature.Resource;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The memory resources: the index as it loads, and the store's status against the budget, with each file's age. */
final class MemoryResources {

    static final String INDEX_URI = "memdir://memory/index";
    static final String STATUS_URI = "memdir://memory/status";

    private final MemoryStore store;
    private final IndexBudget budget;
    private final ObjectMapper json;

    private final Duration staleAfter;

    MemoryResources(MemoryStore store, IndexBudget budget, Duration staleAfter, ObjectMapper json) {
        this.store = store;
        this.budget = budget;
        this.staleAfter = staleAfter;
        this.json = json;
    }

    /** Returns MEMORY.md as it loads now, or empty when there is none. */
    Optional<LoadedIndex> loadIndex() throws IOException {
        Optional<String> raw = store.readText(MemoryTool.INDEX);
        return raw.map(text -> LoadedIndex.load(text, budget));
    }

    List<Resource> resources() {
        Resource.Definition index = new Resource.Definition(INDEX_URI, "memory-index", "Memory index",
                "/memories/MEMORY.md as an agent loads it: frontmatter and comments removed, cut to the budget, with a"
                        + " notice when anything was cut",
                "text/markdown");
        Resource.Definition status = new Resource.Definition(STATUS_URI, "memory-status", "Memory status",
                "The memory root, its file count and bytes, the index figures against the budget, and each listed"
                        + " file's age and SHA-256",
                "application/json");
        return List.of(
                new Resource(index, (client, uri) -> Reads.text(INDEX_URI, "text/markdown",
                        Reads.io(INDEX_URI, () -> loadIndex().map(LoadedIndex::text).orElse(""))),
                        Resource.Source.MEMORY),
                new Resource(status, (client, uri) -> Reads.text(STATUS_URI, "application/json",
                        Reads.io(STATUS_URI, this::statusJson)), Resource.Source.MEMORY));
    }

    private String statusJson() throws IOException {
        Usage usage = store.usage();
        ObjectNode status = json.createObjectNode();
        status.put("root", store.location());
        status.put("files", usage.files());
        status.put("bytes", usage.bytes());
        ObjectNode index = status.putObject("index");
        index.put("path", MemoryTool.INDEX.display());
        Optional<LoadedIndex> loaded = loadIndex();
        index.put("exists", loaded.isPresent());
        LoadedIndex figures = loaded.orElseGet(() -> LoadedIndex.load("", budget));
        index.put("lines", figures.measure().lines());
        index.put("maxLines", budget.maxLines());
        index.put("bytes", figures.measure().bytes());
        index.put("maxBytes", budget.maxBytes());
        index.put("figures", figures.measure().figures());
        index.put("verdict", figures.measure().verdict().name().toLowerCase(Locale.ROOT));
        index.put("loadedLines", figures.loadedLines());
        index.put("loadedBytes", figures.loadedBytes());
        index.put("cut", figures.cut());
        status.put("staleAfterDays", staleAfter.toDays());
        ArrayNode memories = status.putArray("memories");
        for (MemoryAges.Age age : MemoryAges.of(store, Instant.now(), staleAfter)) {
            memories.addObject().put("path", age.path()).put("modified", age.modified().toString())
                    .put("modifiedFrom", age.fromFrontmatter() ? "frontmatter" : "file time")
                    .put("ageDays", age.ageDays()).put("lastAccess", age.lastAccess().toString())
                    .put("stale", age.stale()).put("sha256", age.sha256());
        }
        return json.writerWithDefaultPrettyPrinter().writeValueAsString(status);
    }
}

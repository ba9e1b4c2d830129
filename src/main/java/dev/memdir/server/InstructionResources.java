package dev.memdir.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.index.IndexBudget;
import dev.memdir.index.LoadedIndex;
import dev.memdir.instructions.InstructionFile;
import dev.memdir.instructions.Instructions;
import dev.memdir.instructions.InstructionsCache;
import dev.memdir.instructions.InstructionsReport;
import dev.memdir.instructions.MemoryIndexEntry;
import dev.memdir.memory.MemoryTool;
import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The instruction resources, template and prompt: thin adapters onto the cached resolution. */
final class InstructionResources {

    static final String TEXT_URI = "memdir://instructions";
    static final String REPORT_URI = "memdir://instructions/report";
    static final String FOR_PREFIX = "memdir://instructions/for/";
    static final String FOR_TEMPLATE = FOR_PREFIX + "{+path}";

    private final InstructionsCache cache;
    private final ProjectRoots roots;
    private final MemoryResources memory;
    private final Optional<Path> memoryIndexFile;
    private final IndexBudget budget;
    private final ObjectMapper json;

    /** {@code memoryIndexFile} is MEMORY.md where the instructions read it: on disk, or in a principal's memory. */
    InstructionResources(InstructionsCache cache, ProjectRoots roots, MemoryResources memory,
            Optional<Path> memoryIndexFile,
            IndexBudget budget, ObjectMapper json) {
        this.cache = cache;
        this.roots = roots;
        this.memory = memory;
        this.memoryIndexFile = memoryIndexFile;
        this.budget = budget;
        this.json = json;
    }

    List<SyncResourceSpecification> resources() {
        McpSchema.Resource text = McpSchema.Resource.builder()
                .uri(TEXT_URI).name("instructions").title("Project instructions")
                .description("The project's CLAUDE.md files, rules and imports, resolved as Claude Code loads them"
                        + " at the start of a session")
                .mimeType("text/markdown").build();
        McpSchema.Resource report = McpSchema.Resource.builder()
                .uri(REPORT_URI).name("instructions-report").title("Instructions report")
                .description("Every candidate instruction file: whether it contributes and, if not, why")
                .mimeType("application/json").build();
        return List.of(
                new SyncResourceSpecification(text, (exchange, request) ->
                        Reads.text(TEXT_URI, "text/markdown", current(exchange).text())),
                new SyncResourceSpecification(report, (exchange, request) ->
                        Reads.text(REPORT_URI, "application/json", report(exchange))));
    }

    SyncResourceTemplateSpecification template() {
        McpSchema.ResourceTemplate template = McpSchema.ResourceTemplate.builder()
                .uriTemplate(FOR_TEMPLATE).name("instructions-for").title("Instructions for a path")
                .description("What becomes active when a file is touched: the CLAUDE.md files of the directories"
                        + " down to it and the rules whose paths: match it")
                .mimeType("text/markdown").build();
        return new SyncResourceTemplateSpecification(template, (exchange, request) -> {
            roots.askOnce(exchange);
            String path = templatePath(request.uri());
            return Reads.text(request.uri(), "text/markdown",
                    Reads.io(request.uri(), () -> cache.resolver().resolveFor(path).text()));
        });
    }

    /** Returns the path part of a template URI, decoded and usable as a path, or fails with -32602. */
    private static String templatePath(String uri) {
        String path = PercentDecoding.decode(uri, uri.substring(FOR_PREFIX.length()));
        try {
            Path.of(path);
            return path;
        } catch (InvalidPathException notAPath) {
            throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                    .message("Invalid params: " + uri + " does not name a usable path (" + notAPath.getMessage() + ")")
                    .build();
        }
    }

    SyncPromptSpecification prompt() {
        McpSchema.Prompt prompt = new McpSchema.Prompt("project-instructions", "Project instructions",
                "The project's resolved instructions and the memory index, as one message", List.of());
        return new SyncPromptSpecification(prompt, (exchange, request) -> {
            String text = current(exchange).text();
            Optional<LoadedIndex> index = Reads.io(MemoryResources.INDEX_URI, memory::loadIndex);
            String combined = index.filter(loaded -> !loaded.text().isBlank())
                    .map(loaded -> (text.isEmpty() ? "" : text + "\n\n") + "Contents of "
                            + memoryIndexFile.map(Path::toString).orElse(MemoryTool.INDEX.display())
                            + " (memory index, as loaded):\n\n" + loaded.text())
                    .orElse(text);
            return new McpSchema.GetPromptResult(prompt.description(), List.of(
                    new McpSchema.PromptMessage(McpSchema.Role.USER, new McpSchema.TextContent(combined))));
        });
    }

    private Instructions current(McpSyncServerExchange exchange) {
        roots.askOnce(exchange);
        return Reads.io(TEXT_URI, cache::current);
    }

    private String report(McpSyncServerExchange exchange) {
        Instructions instructions = current(exchange);
        List<InstructionFile> files = new ArrayList<>(instructions.files());
        if (memoryIndexFile.isPresent()) {
            files.add(Reads.io(REPORT_URI, () -> MemoryIndexEntry.of(cache.resolver().source(),
                    memoryIndexFile.get(), cache.resolver().locations().projectDirectory(), budget)));
        }
        return Reads.io(REPORT_URI, () -> json.writerWithDefaultPrettyPrinter().writeValueAsString(
                InstructionsReport.of(cache.resolver().locations().projectDirectory(), files)));
    }
}

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
import dev.memdir.server.feature.Client;
import dev.memdir.server.feature.Completer;
import dev.memdir.server.feature.Prompt;
import dev.memdir.server.feature.RequestFailure;
import dev.memdir.server.feature.Resource;
import dev.memdir.server.feature.Template;
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
            Optional<Path> memoryIndexFile, IndexBudget budget, ObjectMapper json) {
        this.cache = cache;
        this.roots = roots;
        this.memory = memory;
        this.memoryIndexFile = memoryIndexFile;
        this.budget = budget;
        this.json = json;
    }

    List<Resource> resources() {
        Resource.Definition text = new Resource.Definition(TEXT_URI, "instructions", "Project instructions",
                "The project's CLAUDE.md files, rules and imports, resolved as Claude Code loads them at the start of"
                        + " a session",
                "text/markdown");
        Resource.Definition report = new Resource.Definition(REPORT_URI, "instructions-report",
                "Instructions report", "Every candidate instruction file: whether it contributes and, if not, why",
                "application/json");
        return List.of(
                new Resource(text, (client, uri) -> Reads.text(TEXT_URI, "text/markdown", current(client).text()),
                        Resource.Source.INSTRUCTIONS),
                new Resource(report, (client, uri) -> Reads.text(REPORT_URI, "application/json", report(client)),
                        Resource.Source.INSTRUCTIONS));
    }

    /** The template, whose variable {@code completer} completes. */
    Template template(Completer completer) {
        Template.Definition template = new Template.Definition(FOR_TEMPLATE, "instructions-for",
                "Instructions for a path", "What becomes active when a file is touched: the CLAUDE.md files of the"
                        + " directories down to it and the rules whose paths: match it",
                "text/markdown");
        return new Template(template, (client, uri) -> {
            roots.askOnce(client);
            String path = templatePath(uri);
            return Reads.text(uri, "text/markdown", Reads.io(uri, () -> cache.resolver().resolveFor(path).text()));
        }, Resource.Source.INSTRUCTIONS, Optional.of(completer));
    }

    /** Returns the path part of a template URI, decoded and usable as a path, or fails with -32602. */
    private static String templatePath(String uri) {
        String path = PercentDecoding.decode(uri, uri.substring(FOR_PREFIX.length()));
        try {
            Path.of(path);
            return path;
        } catch (InvalidPathException notAPath) {
            throw RequestFailure.invalidParams(
                    "Invalid params: " + uri + " does not name a usable path (" + notAPath.getMessage() + ")");
        }
    }

    Prompt prompt() {
        Prompt.Definition prompt = new Prompt.Definition("project-instructions", "Project instructions",
                "The project's resolved instructions and the memory index, as one message", List.of());
        return new Prompt(prompt, (client, arguments) -> {
            String text = current(client).text();
            Optional<LoadedIndex> index = Reads.io(MemoryResources.INDEX_URI, memory::loadIndex);
            String combined = index.filter(loaded -> !loaded.text().isBlank())
                    .map(loaded -> (text.isEmpty() ? "" : text + "\n\n") + "Contents of "
                            + memoryIndexFile.map(Path::toString).orElse(MemoryTool.INDEX.display())
                            + " (memory index, as loaded):\n\n" + loaded.text())
                    .orElse(text);
            return new Prompt.Message(prompt.description(), combined);
        }, Optional.empty());
    }

    private Instructions current(Client client) {
        roots.askOnce(client);
        return Reads.io(TEXT_URI, cache::current);
    }

    private String report(Client client) {
        Instructions instructions = current(client);
        List<InstructionFile> files = new ArrayList<>(instructions.files());
        if (memoryIndexFile.isPresent()) {
            files.add(Reads.io(REPORT_URI, () -> MemoryIndexEntry.of(cache.resolver().source(),
                    memoryIndexFile.get(), cache.resolver().locations().projectDirectory(), budget)));
        }
        return Reads.io(REPORT_URI, () -> json.writerWithDefaultPrettyPrinter().writeValueAsString(
                InstructionsReport.of(cache.resolver().locations().projectDirectory(), files)));
    }
}

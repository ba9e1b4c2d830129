package dev.memdir.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.config.Settings;
import dev.memdir.config.ToolLayout;
import dev.memdir.context.MemoryContext;
import dev.memdir.context.TranscriptUsage;
import dev.memdir.desk.MemoryDesk;
import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.instructions.InstructionSource;
import dev.memdir.instructions.InstructionsCache;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.MemoryTool;
import dev.memdir.server.feature.Features;
import dev.memdir.server.feature.Resource;
import dev.memdir.server.feature.ServerInfo;
import dev.memdir.server.feature.Tool;
import dev.memdir.wiring.RecallModel;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one place memdir's {@link Features} over a memory store are made, for stdio and HTTP alike. Two steps, so that
 * stdio can answer initialize between them: first the index and the instructions text, then everything else.
 */
final class FeatureAssembly {

    private final Settings settings;
    private final MemoryStore store;
    private final ObjectMapper json;
    private final MemoryResources memory;
    private final ServerInfo serverInfo;
    private RecallFeatures recall;
    private MemoryTool memoryTool;

    /** The first step: reads the index for the instructions text. */
    FeatureAssembly(Settings settings, String version, MemoryStore store, ObjectMapper json) throws IOException {
        this.settings = settings;
        this.store = store;
        this.json = json;
        this.memory = new MemoryResources(store, settings.indexBudget(), settings.staleAfter(), json);
        String instructions = ServerInstructions.withIndex(settings.tools(), memory.loadIndex(),
                settings.context().tool());
        this.serverInfo = new ServerInfo("memdir", version, instructions, () -> current(instructions));
    }

    ServerInfo serverInfo() {
        return serverInfo;
    }

    /** Returns the instructions text with the index as it is now; the start's text while the store cannot say. */
    private String current(String atStart) {
        try {
            return ServerInstructions.withIndex(settings.tools(), memory.loadIndex(), settings.context().tool());
        } catch (IOException e) {
            return atStart;
        }
    }

    /** The second step: every tool, resource, template, prompt and completion. */
    Features features(FrontmatterStamper stamper, InstructionsCache instructions, ProjectRoots roots) {
        memoryTool = new MemoryTool(store, stamper, settings.readOnly(), settings.indexBudget());
        recall = new RecallFeatures(store, json, RecallModel.of(settings.recall()), settings.recall().patience());
        InstructionResources instructionResources = new InstructionResources(instructions, roots, memory,
                indexFile(store, instructions.resolver().source()), settings.indexBudget(), json);
        Completions completions = new Completions(store, instructions, roots);
        String protocol = ServerInstructions.protocol(settings.tools());
        List<Resource> resources = new ArrayList<>(memory.resources());
        resources.addAll(instructionResources.resources());
        List<Tool> tools = tools(new ToolCatalog(json), memoryTool, recall, settings);
        if (settings.context().tool()) {
            tools.add(contextTool(instructions).tool(new ToolCatalog(json)));
        }
        return new Features(tools, resources,
                List.of(instructionResources.template(completions.projectPath()), recall.template(),
                        new HistoryResources(store, json).template(completions.historyPath())),
                List.of(Prompts.memoryProtocol(protocol), instructionResources.prompt(),
                        recall.prompt(completions.recallQuery())),
                ResourceUpdates::reported);
    }

    /**
     * The tool Claude Code's hooks call. Only a server of the host's own user reads transcripts and counts the host's
     * project directory as one a touched file belongs to; a principal's names no host path.
     */
    private ContextTool contextTool(InstructionsCache instructions) {
        MemoryContext context = new MemoryContext(store, recall.recall(), settings.context().budgetBytes(),
                settings.context().remindEveryTokens());
        boolean hosts = instructions.resolver().source().confinement().isEmpty();
        Optional<TranscriptUsage> transcripts = hosts
                ? Optional.of(new TranscriptUsage(instructions.resolver().locations().claudeConfigDirectory(), json))
                : Optional.empty();
        return new ContextTool(context, transcripts, () -> hosts
                ? List.of(instructions.resolver().locations().projectDirectory().toString()) : List.of(), json);
    }

    /**
     * Returns the desk a person works on this memory at (the web page), over the same tool and recall as the
     * features; made after {@link #features}, listening to the store's change feed until the caller closes it.
     */
    MemoryDesk desk() throws IOException {
        return new MemoryDesk(store, memoryTool, recall.recall(), settings.indexBudget(), settings.staleAfter(),
                settings.readOnly(), Clock.systemUTC());
    }

    /** Returns recall's features, whose index follows the store's changes; made by {@link #features}. */
    RecallFeatures recall() {
        return recall;
    }

    /**
     * Returns MEMORY.md where the instructions read it: in the memory their source is confined to, else on disk for
     * the stores that keep files on disk.
     */
    private static Optional<Path> indexFile(MemoryStore store, InstructionSource source) {
        if (source.confinement().isPresent()) {
            return source.confinement().map(root -> root.resolve(MemoryTool.INDEX.fileName()));
        }
        return store.directory().map(root -> root.resolve(MemoryTool.INDEX.fileName()));
    }

    private static List<Tool> tools(ToolCatalog catalog, MemoryTool memoryTool, RecallFeatures recall,
            Settings settings) {
        List<Tool> tools = new ArrayList<>();
        if (settings.tools() == ToolLayout.SINGLE) {
            tools.add(new Tool(catalog.single(settings.readOnly()), (client, arguments) ->
                    MemoryToolAdapter.answer(() -> memoryTool.call(arguments))));
        } else {
            for (Tool.Definition tool : catalog.split(settings.readOnly())) {
                tools.add(new Tool(tool, (client, arguments) ->
                        MemoryToolAdapter.answer(() -> memoryTool.call(tool.name(), arguments))));
            }
        }
        if (settings.searchTool()) {
            tools.add(recall.tool(catalog));
        }
        return tools;
    }
}

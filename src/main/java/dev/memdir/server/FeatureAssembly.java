package dev.memdir.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.config.Settings;
import dev.memdir.config.ToolLayout;
import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.instructions.InstructionSource;
import dev.memdir.instructions.InstructionsCache;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.store.MemoryStore;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer.SyncSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Path;
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
    private final McpSchema.Implementation serverInfo;
    private final String instructionsText;
    private RecallFeatures recall;

    /** The first step: reads the index for the instructions text. */
    FeatureAssembly(Settings settings, String version, MemoryStore store, ObjectMapper json) throws IOException {
        this.settings = settings;
        this.store = store;
        this.json = json;
        this.memory = new MemoryResources(store, settings.indexBudget(), settings.staleAfter(), json);
        this.serverInfo = new McpSchema.Implementation("memdir", version);
        this.instructionsText = ServerInstructions.withIndex(settings.tools(), memory.loadIndex());
    }

    McpSchema.Implementation serverInfo() {
        return serverInfo;
    }

    String instructionsText() {
        return instructionsText;
    }

    /** Returns the instructions text with the index as it is now; the start's text while the store cannot say. */
    String currentInstructions() {
        try {
            return ServerInstructions.withIndex(settings.tools(), memory.loadIndex());
        } catch (IOException e) {
            return instructionsText;
        }
    }

    /** The second step: every tool, resource, template, prompt and completion. */
    Features features(FrontmatterStamper stamper, InstructionsCache instructions, ProjectRoots roots) {
        MemoryTool memoryTool = new MemoryTool(store, stamper, settings.readOnly(), settings.indexBudget());
        recall = new RecallFeatures(store, json);
        InstructionResources instructionResources = new InstructionResources(instructions, roots, memory,
                indexFile(store, instructions.resolver().source()), settings.indexBudget(), json);
        String protocol = ServerInstructions.protocol(settings.tools());
        List<SyncResourceSpecification> resources = new ArrayList<>(memory.specifications());
        resources.addAll(instructionResources.resources());
        return new Features(tools(new ToolCatalog(json), memoryTool, recall, settings), resources,
                List.of(instructionResources.template(), recall.template(),
                        new HistoryResources(store, json).template()),
                List.of(Prompts.memoryProtocol(protocol), instructionResources.prompt(), recall.prompt()),
                new Completions(store, instructions, roots).specifications());
    }

    /** Returns recall's features, whose index follows the store's changes; made by {@link #features}. */
    RecallFeatures recall() {
        return recall;
    }

    /** Returns the 2026-07-28 server over {@code features}. */
    StatelessServer stateless(Features features, McpJsonMapper mcpJson) {
        return new StatelessServer(features, serverInfo.name(), serverInfo.version(), this::currentInstructions,
                mcpJson);
    }

    /**
     * Gives a transport's 2025-11-25 server specification everything it serves; handlers run on the thread that
     * hands the request in (the stdio worker, or the HTTP request's own thread).
     */
    <S extends SyncSpecification<S>> SyncSpecification<S> legacy(SyncSpecification<S> specification,
            Features features, McpJsonMapper mcpJson) {
        return specification
                .jsonMapper(mcpJson)
                .serverInfo(serverInfo)
                .instructions(instructionsText)
                .capabilities(MemdirServer.capabilities())
                .validateToolInputs(false)
                .jsonSchemaValidator(new PrecheckedToolSchemas())
                .immediateExecution(true)
                .tools(features.tools())
                .resources(features.resources())
                .uriTemplateManagerFactory(UriTemplates::new)
                .resourceTemplates(features.templates())
                .prompts(features.prompts())
                .completions(features.completions());
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

    private static List<SyncToolSpecification> tools(ToolCatalog catalog, MemoryTool memoryTool, RecallFeatures recall,
            Settings settings) {
        List<SyncToolSpecification> tools = new ArrayList<>();
        if (settings.tools() == ToolLayout.SINGLE) {
            tools.add(SyncToolSpecification.builder()
                    .tool(catalog.single(settings.readOnly()))
                    .callHandler((exchange, request) ->
                            MemoryToolAdapter.answer(() -> memoryTool.call(request.arguments())))
                    .build());
        } else {
            for (McpSchema.Tool tool : catalog.split(settings.readOnly())) {
                tools.add(SyncToolSpecification.builder()
                        .tool(tool)
                        .callHandler((exchange, request) ->
                                MemoryToolAdapter.answer(() -> memoryTool.call(tool.name(), request.arguments())))
                        .build());
            }
        }
        if (settings.searchTool()) {
            tools.add(recall.tool(catalog));
        }
        return tools;
    }
}

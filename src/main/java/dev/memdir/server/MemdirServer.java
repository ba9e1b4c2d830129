package dev.memdir.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.config.Settings;
import dev.memdir.config.StoreChoice;
import dev.memdir.config.ToolLayout;
import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.json.SharedJson;
import dev.memdir.instructions.InstructionsCache;
import dev.memdir.memory.DirectoryStore;
import dev.memdir.memory.MemoryStore;
import dev.memdir.memory.MemoryTool;
import dev.memdir.server.transport.InitializeAnswer;
import dev.memdir.server.transport.StdioLineTransportProvider;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** Builds the MCP server over a memory store and serves it on a pair of streams until input ends. */
public final class MemdirServer {

    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(30);

    private MemdirServer() {}

    /** Serves MCP on {@code in}/{@code out} until the client closes its input and every request is answered. */
    public static void serve(Settings settings, String version, InputStream in, OutputStream out)
            throws IOException, InterruptedException {
        // stdio carries one MCP session per process, so a session id made here is the session's.
        String sessionId = settings.sessionId().orElseGet(MemdirServer::newSessionId);
        FrontmatterStamper stamper = new FrontmatterStamper(Clock.systemUTC(), sessionId);
        try (MemoryStore store = StoreChoice.open(settings, sessionId);
                InstructionUpdates instructionUpdates = new InstructionUpdates(
                        new InstructionsCache(settings.instructions()))) {
            // Only now: a warm-up thread makes the mapper while this one opened the store.
            ObjectMapper json = SharedJson.mapper();
            McpJsonMapper mcpJson = SharedJson.mcp();
            MemoryResources memory = new MemoryResources(store, settings.indexBudget(), settings.staleAfter(), json);
            McpSchema.Implementation serverInfo = new McpSchema.Implementation("memdir", version);
            String instructionsText = ServerInstructions.withIndex(settings.tools(), memory.loadIndex());
            StdioLineTransportProvider transport = new StdioLineTransportProvider(mcpJson, json, in, out,
                    ToolCatalog.names(settings.tools(), settings.readOnly(), settings.searchTool()),
                    StdioLineTransportProvider.DEFAULT_MAX_LINE_BYTES, DRAIN_TIMEOUT);
            // The client waits for this answer before anything else; the rest of the server is built meanwhile.
            transport.listen(InitializeAnswer.of(capabilities(), serverInfo, instructionsText));
            MemoryTool memoryTool = new MemoryTool(store, stamper, settings.readOnly(), settings.indexBudget());
            InstructionsCache instructions = instructionUpdates.cache();
            ProjectRoots roots = new ProjectRoots(instructions, settings.project().isPresent(),
                    settings.instructions().projectDirectory());
            RecallFeatures recall = new RecallFeatures(store, json);
            InstructionResources instructionResources = new InstructionResources(instructions, roots, memory,
                    indexFile(store), settings.indexBudget(), json);
            String protocol = ServerInstructions.protocol(settings.tools());
            List<SyncResourceSpecification> resources = new ArrayList<>(memory.specifications());
            resources.addAll(instructionResources.resources());
            Features features = new Features(tools(new ToolCatalog(json), memoryTool, recall, settings), resources,
                    List.of(instructionResources.template(), recall.template(),
                            new HistoryResources(store, json).template()),
                    List.of(Prompts.memoryProtocol(protocol), instructionResources.prompt(), recall.prompt()),
                    new Completions(store, instructions, roots).specifications());
            StatelessServer stateless = new StatelessServer(features, serverInfo.name(), serverInfo.version(),
                    instructionsText, mcpJson);
            transport.serveStateless(stateless);
            UpdatedResources updates = new UpdatedResources(stateless);
            try (Closeable watch = store.watch(new ResourceUpdates(updates).andThen(recall::changed))) {
                // Everything is registered before build(): adding later would send list-changed ahead of initialize.
                McpSyncServer server = McpServer.sync(transport)
                        .jsonMapper(mcpJson)
                        .serverInfo(serverInfo)
                        .instructions(instructionsText)
                        .capabilities(capabilities())
                        .validateToolInputs(false)
                        .jsonSchemaValidator(new PrecheckedToolSchemas())
                        // Handlers run on the transport's worker thread, one at a time, in arrival order.
                        .immediateExecution(true)
                        .tools(features.tools())
                        .resources(features.resources())
                        .uriTemplateManagerFactory(UriTemplates::new)
                        .resourceTemplates(features.templates())
                        .prompts(features.prompts())
                        .completions(features.completions())
                        .rootsChangeHandler((exchange, newRoots) -> {
                            if (roots.follow(newRoots)) {
                                instructionUpdates.check();
                            }
                        })
                        .build();
                updates.attach(server);
                instructionUpdates.attach(updates);
                transport.awaitStopped();
                server.closeGracefully();
            }
        }
    }

    /** Returns the file MEMORY.md is on disk, for the stores that keep files on disk. */
    private static Optional<Path> indexFile(MemoryStore store) {
        return store instanceof DirectoryStore directory
                ? Optional.of(directory.root().resolve(MemoryTool.INDEX.fileName())) : Optional.empty();
    }

    /**
     * A random (version 4) UUID. The id tells sessions apart and guards nothing, so it comes from
     * ThreadLocalRandom: SecureRandom's first use loads the security providers, tens of milliseconds of start-up.
     */
    static String newSessionId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & ~(0xC000L << 48)) | (0x8000L << 48);
        return new UUID(high, low).toString();
    }

    static McpSchema.ServerCapabilities capabilities() {
        return McpSchema.ServerCapabilities.builder().tools(false).resources(true, false).prompts(false).completions()
                .build();
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

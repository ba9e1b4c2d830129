package dev.memdir.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.config.Settings;
import dev.memdir.wiring.StoreChoice;
import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.json.SharedJson;
import dev.memdir.instructions.InstructionsCache;
import dev.memdir.memory.MemoryStore;
import dev.memdir.server.transport.InitializeAnswer;
import dev.memdir.server.transport.StdioLineTransportProvider;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Clock;
import java.time.Duration;
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
            FeatureAssembly assembly = new FeatureAssembly(settings, version, store, json);
            StdioLineTransportProvider transport = new StdioLineTransportProvider(mcpJson, json, in, out,
                    ToolCatalog.names(settings.tools(), settings.readOnly(), settings.searchTool()),
                    StdioLineTransportProvider.DEFAULT_MAX_LINE_BYTES, DRAIN_TIMEOUT);
            // The client waits for this answer before anything else; the rest of the server is built meanwhile.
            transport.listen(InitializeAnswer.of(capabilities(), assembly.serverInfo(), assembly.instructionsText()));
            InstructionsCache instructions = instructionUpdates.cache();
            ProjectRoots roots = new ProjectRoots(instructions, settings.project().isPresent(),
                    settings.instructions().projectDirectory());
            Features features = assembly.features(stamper, instructions, roots);
            StatelessServer stateless = assembly.stateless(features, mcpJson);
            transport.serveStateless(stateless);
            UpdatedResources updates = new UpdatedResources(stateless);
            try (Closeable watch = store.watch(new ResourceUpdates(updates).andThen(assembly.recall()::changed))) {
                // Everything is registered before build(): adding later would send list-changed ahead of initialize.
                // Handlers run on the transport's worker thread, one at a time, in arrival order.
                McpSyncServer server = assembly.legacy(McpServer.sync(transport), features, mcpJson)
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
}

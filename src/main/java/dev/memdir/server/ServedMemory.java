package dev.memdir.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.config.Settings;
import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.instructions.InstructionsCache;
import dev.memdir.json.SharedJson;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.store.MemoryStore;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.server.McpRequestManager;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.io.Closeable;
import java.io.IOException;
import java.time.Clock;

/**
 * One memory store served to many clients at once (over HTTP): the same {@link Features} as stdio builds, the
 * 2026-07-28 server over them, and a 2025-11-25 server for a transport that carries many sessions. The project is the
 * configured one: a client's roots do not move it, since the clients share the server. A principal's server is
 * confined to its memory: its instructions are the memory's own files and nothing it answers names the host.
 */
public final class ServedMemory implements Closeable {

    private final MemoryStore store;
    private final FreshInstructions instructionUpdates;
    private final FeatureAssembly assembly;
    private final Features features;
    private final StatelessServer stateless;
    private final UpdatedResources updates;
    private final McpJsonMapper mcpJson;
    private final Closeable watch;
    private volatile McpSyncServer legacy;

    private ServedMemory(MemoryStore store, FreshInstructions instructionUpdates, FeatureAssembly assembly,
            Features features, McpJsonMapper mcpJson) throws IOException {
        this.store = store;
        this.instructionUpdates = instructionUpdates;
        this.assembly = assembly;
        this.features = features;
        this.mcpJson = mcpJson;
        this.stateless = assembly.stateless(features, mcpJson);
        this.updates = new UpdatedResources(stateless);
        this.watch = store.watch(new ResourceUpdates(updates).andThen(assembly.recall()::changed)
                .andThen(instructionUpdates::memoryChanged));
        instructionUpdates.attach(updates);
    }

    /**
     * Serves {@code store} (which this then owns) as {@code settings} say, to the local user; {@code sessionId} is
     * recorded in the files it stamps.
     */
    public static ServedMemory open(Settings settings, String version, MemoryStore store, String sessionId)
            throws IOException {
        return open(settings, version, store, sessionId, false);
    }

    /**
     * Serves a principal's memory {@code store} (which this then owns), {@code actor} recorded in the files it
     * stamps: its instructions are the memory's own files (the project is {@code /memories}; no managed or user
     * files, no import leaving it), and no answer names a path on the host.
     */
    public static ServedMemory openForPrincipal(Settings settings, String version, MemoryStore store, String actor)
            throws IOException {
        return open(settings, version, new PrincipalStore(store), actor, true);
    }

    private static ServedMemory open(Settings settings, String version, MemoryStore store, String sessionId,
            boolean principal) throws IOException {
        FreshInstructions instructionUpdates = null;
        try {
            ObjectMapper json = SharedJson.mapper();
            instructionUpdates = principal ? new MemoryInstructionUpdates(store, settings.instructions())
                    : new InstructionUpdates(new InstructionsCache(settings.instructions()));
            FeatureAssembly assembly = new FeatureAssembly(settings, version, store, json);
            InstructionsCache instructions = instructionUpdates.cache();
            ProjectRoots roots = new ProjectRoots(instructions, true,
                    instructions.resolver().locations().projectDirectory());
            Features features = assembly.features(new FrontmatterStamper(Clock.systemUTC(), sessionId),
                    instructions, roots);
            return new ServedMemory(store, instructionUpdates, assembly, features, SharedJson.mcp());
        } catch (IOException | RuntimeException e) {
            if (instructionUpdates != null) {
                instructionUpdates.close();
            }
            store.close();
            throw e;
        }
    }

    /** Returns the 2026-07-28 server, which answers each request on its own. */
    public McpRequestManager statelessRequests() {
        return stateless.requests();
    }

    /** Builds the 2025-11-25 server on {@code transport} (once): its sessions hear of changes from now on. */
    public synchronized void serveSessions(McpStreamableServerTransportProvider transport) {
        if (legacy != null) {
            throw new IllegalStateException("the 2025-11-25 server is already built");
        }
        legacy = assembly.legacy(McpServer.sync(new CurrentInstructionsOnInitialize(transport,
                assembly::currentInstructions)), features, mcpJson).build();
        updates.attach(legacy);
    }

    /** Ends the open 2026-07-28 {@code subscriptions/listen} streams: the server is stopping. */
    public void endSubscriptions() {
        stateless.endSubscriptions();
    }

    /** Returns whether the store answers a cheap read (MEMORY.md); an exception is an answer of no. */
    public boolean storeAnswers() {
        return answers(store);
    }

    /** Returns whether {@code store} answers a cheap read (MEMORY.md); an exception is an answer of no. */
    public static boolean answers(MemoryStore store) {
        try {
            store.readText(MemoryTool.INDEX);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    @Override
    public void close() throws IOException {
        try (MemoryStore closedLast = store; FreshInstructions watcher = instructionUpdates;
                Closeable changes = watch) {
            McpSyncServer server = legacy;
            if (server != null) {
                server.closeGracefully();
            }
            stateless.endSubscriptions();
        }
    }
}

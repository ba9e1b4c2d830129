package dev.memdir.server;

import dev.memdir.config.Settings;
import dev.memdir.desk.MemoryDesk;
import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.instructions.FreshInstructions;
import dev.memdir.instructions.InstructionUpdates;
import dev.memdir.instructions.InstructionsCache;
import dev.memdir.instructions.MemoryInstructionUpdates;
import dev.memdir.json.SharedJson;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.MemoryTool;
import dev.memdir.server.feature.Features;
import dev.memdir.server.feature.ServerInfo;
import dev.memdir.server.legacy.LegacyServer;
import dev.memdir.server.legacy.StreamableSessions;
import dev.memdir.server.modern.ModernServer;
import io.modelcontextprotocol.modern.server.McpRequestManager;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.io.Closeable;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;

/**
 * One memory store served, the one assembly of a server for stdio and HTTP alike: memdir's features over the store,
 * the 2026-07-28 server over them, every change of a resource told to both revisions, and the 2025-11-25 server once
 * its transport is given. Over HTTP many clients share it, so the project is the configured one; a principal's
 * server is confined to its memory: its instructions are the memory's own files and nothing it answers names the
 * host. {@link MemdirServer} serves one over stdio.
 */
public final class ServedMemory implements Closeable {

    /** Whom a memory is served to: where its instructions are read, and whether a client's roots move the project. */
    enum Audience {
        /** The local user over stdio: the host's files; the client's roots move the project unless it is set. */
        STDIO,
        /** The local user over HTTP: the host's files of the configured project. */
        LOCAL,
        /** A principal over HTTP: its memory's own files, at {@code /memories}. */
        PRINCIPAL
    }

    private final MemoryStore store;
    private final FreshInstructions instructions;
    private final ProjectRoots roots;
    private final ServerInfo info;
    private final Features features;
    private final ModernServer modern;
    private final UpdatedResources updates;
    private final ResourceUpdates changes;
    private final Closeable listening;
    private volatile LegacyServer legacy;
    private final FeatureAssembly assembly;
    private MemoryDesk desk;

    private ServedMemory(MemoryStore store, FreshInstructions instructions, FeatureAssembly assembly,
            ProjectRoots roots, String actor) throws IOException {
        this.store = store;
        this.instructions = instructions;
        this.roots = roots;
        this.info = assembly.serverInfo();
        this.assembly = assembly;
        this.features = assembly.features(new FrontmatterStamper(Clock.systemUTC(), actor), instructions.cache(),
                roots);
        this.modern = new ModernServer(info, features, SharedJson.mcp());
        this.updates = new UpdatedResources(modern);
        this.changes = new ResourceUpdates(updates);
        this.listening = store.changes()
                .listen(changes.andThen(assembly.recall()::changed).andThen(instructions::memoryChanged));
    }

    /**
     * Serves {@code store} (which this then owns) as {@code settings} say, to the local user; {@code sessionId} is
     * recorded in the files it stamps.
     */
    public static ServedMemory open(Settings settings, String version, MemoryStore store, String sessionId)
            throws IOException {
        return open(settings, version, store, sessionId, Audience.LOCAL, info -> { });
    }

    /**
     * Serves a principal's memory {@code store} (which this then owns), {@code actor} recorded in the files it
     * stamps: its instructions are the memory's own files (the project is {@code /memories}; no managed or user
     * files, no import leaving it), and no answer names a path on the host.
     */
    public static ServedMemory openForPrincipal(Settings settings, String version, MemoryStore store, String actor)
            throws IOException {
        return open(settings, version, new PrincipalStore(store), actor, Audience.PRINCIPAL, info -> { });
    }

    /**
     * Serves {@code store} (which this then owns) to {@code audience}, {@code actor} recorded in the files it stamps.
     * {@code introduced} hears what the server says of itself as soon as the index is read, before the features are
     * built.
     */
    static ServedMemory open(Settings settings, String version, MemoryStore store, String actor, Audience audience,
            Consumer<ServerInfo> introduced) throws IOException {
        FreshInstructions instructions = null;
        try {
            instructions = audience == Audience.PRINCIPAL
                    ? new MemoryInstructionUpdates(store, settings.instructions())
                    : new InstructionUpdates(new InstructionsCache(settings.instructions()));
            FeatureAssembly assembly = new FeatureAssembly(settings, version, store, SharedJson.mapper());
            introduced.accept(assembly.serverInfo());
            boolean configured = audience != Audience.STDIO || settings.project().isPresent();
            ServedMemory served = new ServedMemory(store, instructions, assembly,
                    new ProjectRoots(instructions.cache(), configured), actor);
            if (audience != Audience.STDIO) {
                served.warmUp();
            }
            return served;
        } catch (IOException | RuntimeException e) {
            if (instructions != null) {
                instructions.close();
            }
            store.close();
            throw e;
        }
    }

    /**
     * Starts, in the background, what a session's first recall needs: on a memory that keeps vectors, reading them and
     * loading the models (a memory that keeps none starts nothing). Over HTTP at once; over stdio once the
     * {@code initialize} answer is out, so that nothing of it slows that answer.
     */
    public void warmUp() {
        assembly.recall().recall().warmUp();
    }

    /** Returns the 2026-07-28 server, which answers each request on its own. */
    public McpRequestManager modernRequests() {
        return modern.requests();
    }

    ModernServer modern() {
        return modern;
    }

    /** Builds the 2025-11-25 server on {@code transport}'s sessions (once): they hear of changes from now on. */
    public void serveLegacy(McpStreamableServerTransportProvider transport) {
        attach(StreamableSessions.serve(transport, info, features, SharedJson.mcp()));
    }

    /**
     * Builds the 2025-11-25 server on stdio's one session (once), whose client's roots move the project: a move
     * resolves the instructions again.
     */
    void serveLegacy(McpServerTransportProvider transport) {
        Consumer<List<String>> rootsChanged = uris -> {
            if (roots.follow(uris) && instructions instanceof InstructionUpdates host) {
                host.check();
            }
        };
        attach(LegacyServer.onStdio(transport, info, features, SharedJson.mcp(), rootsChanged));
    }

    private synchronized void attach(LegacyServer server) {
        if (legacy != null) {
            throw new IllegalStateException("the 2025-11-25 server is already built");
        }
        legacy = server;
        updates.attach(server);
        instructions.attach(changes::instructionsChanged);
    }

    /**
     * Returns the desk a person works on this memory at, through the web page: the same store, tool and recall as
     * the protocol's features, so an agent's change and a person's meet one lock and one history. Made at the first
     * call; closed with this.
     */
    public synchronized MemoryDesk desk() throws IOException {
        if (desk == null) {
            desk = assembly.desk();
        }
        return desk;
    }

    /** Ends the open 2026-07-28 {@code subscriptions/listen} streams: the server is stopping. */
    public void endSubscriptions() {
        modern.endSubscriptions();
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

    private synchronized Closeable openedDesk() {
        return desk == null ? () -> { } : desk;
    }

    @Override
    public void close() throws IOException {
        try (MemoryStore closedLast = store; FreshInstructions watcher = instructions; Closeable changed = listening;
                Closeable person = openedDesk()) {
            LegacyServer server = legacy;
            if (server != null) {
                server.close();
            }
            modern.endSubscriptions();
        }
    }
}

package dev.memdir.server;

import dev.memdir.config.Settings;
import dev.memdir.json.SharedJson;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.server.legacy.LegacyServer;
import dev.memdir.server.sdk.InitializeAnswer;
import dev.memdir.server.transport.StdioLineTransportProvider;
import dev.memdir.wiring.StoreChoice;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;

/**
 * Serves a memory store over stdio until input ends: the {@link ServedMemory} HTTP serves too, plus what stdio alone
 * has: its transport, which answers initialize before the rest of the server is built, and a project that follows
 * the client's roots.
 */
public final class MemdirServer {

    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(30);

    private MemdirServer() {}

    /** Serves MCP on {@code in}/{@code out} until the client closes its input and every request is answered. */
    public static void serve(Settings settings, String version, InputStream in, OutputStream out)
            throws IOException, InterruptedException {
        // stdio carries one MCP session per process, so a session id made here is the session's.
        String sessionId = SessionIds.of(settings);
        MemoryStore store = StoreChoice.open(settings, sessionId);
        // Only now: a warm-up thread makes the mapper while this one opened the store.
        StdioLineTransportProvider transport = new StdioLineTransportProvider(SharedJson.mcp(), SharedJson.mapper(),
                in, out, ToolCatalog.names(settings.tools(), settings.readOnly(), settings.searchTool(),
                        settings.context().tool()),
                StdioLineTransportProvider.DEFAULT_MAX_LINE_BYTES, DRAIN_TIMEOUT);
        // The client waits for the initialize answer before anything else; the rest of the server is built meanwhile.
        try (ServedMemory memory = ServedMemory.open(settings, version, store, sessionId, ServedMemory.Audience.STDIO,
                info -> transport.listen(InitializeAnswer.of(LegacyServer.capabilities(),
                        LegacyServer.implementation(info), info.instructions())))) {
            transport.afterInitializeAnswer(memory::warmUp);
            transport.serveModern(memory.modern());
            // Handlers run on the transport's worker thread, one at a time, in arrival order.
            memory.serveLegacy(transport);
            transport.awaitStopped();
        }
    }
}

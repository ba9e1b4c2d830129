package dev.memdir.server;

import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.RootWatcher;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns changes under the memory root into {@code notifications/resources/updated} for subscribed clients. */
final class ResourceUpdates implements Consumer<Set<Path>> {

    private static final Logger log = LoggerFactory.getLogger(ResourceUpdates.class);
    private static final Path INDEX_FILE = Path.of(MemoryTool.INDEX.fileName());

    private volatile McpSyncServer server;

    void attach(McpSyncServer server) {
        this.server = server;
    }

    @Override
    public void accept(Set<Path> changed) {
        McpSyncServer target = server;
        if (target == null) {
            return;
        }
        if (changed.contains(INDEX_FILE) || changed.contains(RootWatcher.EVERYTHING)) {
            notify(target, MemoryResources.INDEX_URI);
        }
        notify(target, MemoryResources.STATUS_URI);
    }

    private static void notify(McpSyncServer server, String uri) {
        try {
            server.notifyResourcesUpdated(new McpSchema.ResourcesUpdatedNotification(uri));
        } catch (RuntimeException e) {
            log.warn("Could not notify subscribers of {}: {}", uri, e.getMessage());
        }
    }
}

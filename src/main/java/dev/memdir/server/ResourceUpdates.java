package dev.memdir.server;

import dev.memdir.memory.MemoryChanges;
import dev.memdir.memory.MemoryTool;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns changes to the memory into {@code notifications/resources/updated} for subscribed clients. */
final class ResourceUpdates implements Consumer<MemoryChanges> {

    private static final Logger log = LoggerFactory.getLogger(ResourceUpdates.class);

    private volatile McpSyncServer server;

    void attach(McpSyncServer server) {
        this.server = server;
    }

    @Override
    public void accept(MemoryChanges changes) {
        McpSyncServer target = server;
        if (target == null) {
            return;
        }
        if (changes.touches(MemoryTool.INDEX.fileName())) {
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

package dev.memdir.server;

import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.store.MemoryChanges;
import java.util.function.Consumer;

/**
 * Turns changes to the memory into resource updates: the index when MEMORY.md changed, the status always, and the
 * history of each file that changed.
 */
final class ResourceUpdates implements Consumer<MemoryChanges> {

    private final UpdatedResources updates;

    ResourceUpdates(UpdatedResources updates) {
        this.updates = updates;
    }

    @Override
    public void accept(MemoryChanges changes) {
        if (changes.touches(MemoryTool.INDEX.fileName())) {
            updates.updated(MemoryResources.INDEX_URI);
        }
        updates.updated(MemoryResources.STATUS_URI);
        changes.paths().forEach(path -> updates.updated(HistoryResources.uriOf(path)));
    }
}

package dev.memdir.server;

import dev.memdir.instructions.InstructionsCache;
import dev.memdir.memory.store.MemoryChanges;
import java.io.Closeable;

/** Keeps the instruction resources fresh: the cached resolution, and subscribers told when it changes. */
abstract class FreshInstructions implements Closeable {

    private final InstructionsCache cache;
    private volatile UpdatedResources updates;

    FreshInstructions(InstructionsCache cache) {
        this.cache = cache;
    }

    final InstructionsCache cache() {
        return cache;
    }

    /** Starts notifying through {@code updates}. */
    void attach(UpdatedResources updates) {
        this.updates = updates;
    }

    /** Hears a change to the memory (a report of the store's watch). */
    abstract void memoryChanged(MemoryChanges changes);

    /** Tells subscribers that the instructions and their report may differ; nobody hears before {@link #attach}. */
    final void notifySubscribers() {
        UpdatedResources target = updates;
        if (target != null) {
            target.updated(InstructionResources.TEXT_URI);
            target.updated(InstructionResources.REPORT_URI);
        }
    }
}

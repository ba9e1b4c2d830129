package dev.memdir.instructions;

import dev.memdir.memory.store.MemoryChanges;
import java.io.Closeable;

/** Keeps a project's instructions fresh: the cached resolution, and a listener told when it may have changed. */
public abstract class FreshInstructions implements Closeable {

    private final InstructionsCache cache;
    private volatile Runnable listener;

    FreshInstructions(InstructionsCache cache) {
        this.cache = cache;
    }

    public final InstructionsCache cache() {
        return cache;
    }

    /** Starts telling {@code changed} whenever the instructions (and so their report) may differ. */
    public void attach(Runnable changed) {
        this.listener = changed;
    }

    /** Hears a change to the memory (a report of the store's change feed). */
    public abstract void memoryChanged(MemoryChanges changes);

    /** Tells the listener that the instructions may differ; nobody hears before {@link #attach}. */
    final void notifyChanged() {
        Runnable changed = listener;
        if (changed != null) {
            changed.run();
        }
    }
}

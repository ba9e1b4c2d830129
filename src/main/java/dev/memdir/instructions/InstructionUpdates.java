package dev.memdir.instructions;

import dev.memdir.memory.store.MemoryChanges;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the instructions of the host's files fresh: watches every directory the resolution consulted, resolves
 * again when one changes, and tells the listener when the result may differ.
 */
public final class InstructionUpdates extends FreshInstructions {

    private static final Logger log = LoggerFactory.getLogger(InstructionUpdates.class);

    private final DirectoryWatcher watcher;

    public InstructionUpdates(InstructionsCache cache) throws IOException {
        super(cache);
        this.watcher = new DirectoryWatcher(this::check);
    }

    /** Starts telling {@code changed}, and resolves once in the background to know what to watch. */
    @Override
    public void attach(Runnable changed) {
        super.attach(changed);
        Thread first = new Thread(this::check, "memdir-instructions-first");
        first.setDaemon(true);
        first.start();
    }

    /** The host's files are watched on the host, whatever the memory does. */
    @Override
    public void memoryChanged(MemoryChanges changes) {
        // nothing: the memory is not where these instructions are read
    }

    /** Resolves again if anything consulted changed, tells the listener, and watches what is consulted now. */
    public synchronized void check() {
        try {
            boolean changed = cache().refresh();
            watcher.watch(cache().current().consulted().paths());
            if (changed) {
                notifyChanged();
            }
        } catch (IOException | RuntimeException e) {
            log.warn("Could not resolve the instructions again: {}", e.getMessage());
        }
    }

    @Override
    public void close() throws IOException {
        watcher.close();
    }
}

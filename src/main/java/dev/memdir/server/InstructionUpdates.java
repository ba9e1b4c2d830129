package dev.memdir.server;

import dev.memdir.instructions.InstructionsCache;
import java.io.Closeable;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the instruction resources fresh: watches every directory the resolution consulted, resolves again
 * when one changes, and tells subscribed clients when the result may differ.
 */
final class InstructionUpdates implements Closeable {

    private static final Logger log = LoggerFactory.getLogger(InstructionUpdates.class);

    private final InstructionsCache cache;
    private final DirectoryWatcher watcher;
    private volatile UpdatedResources updates;

    InstructionUpdates(InstructionsCache cache) throws IOException {
        this.cache = cache;
        this.watcher = new DirectoryWatcher(this::check);
    }

    InstructionsCache cache() {
        return cache;
    }

    /** Starts notifying through {@code updates}, and resolves once in the background to know what to watch. */
    void attach(UpdatedResources updates) {
        this.updates = updates;
        Thread first = new Thread(this::check, "memdir-instructions-first");
        first.setDaemon(true);
        first.start();
    }

    /** Resolves again if anything consulted changed, notifies subscribers, and watches what is consulted now. */
    synchronized void check() {
        try {
            boolean changed = cache.refresh();
            watcher.watch(cache.current().consulted().paths());
            UpdatedResources target = updates;
            if (changed && target != null) {
                target.updated(InstructionResources.TEXT_URI);
                target.updated(InstructionResources.REPORT_URI);
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

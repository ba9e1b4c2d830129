package dev.memdir.instructions;

import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.store.MemoryStore;
import java.io.IOException;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a principal's instructions fresh. Its instructions are its memory's own files, so the store's change feed
 * tells of every change (whoever made it, on every store); a change where the last resolution looked makes it resolve
 * again, and the listener hears of it when the result differs. Nothing on the host is watched.
 */
public final class MemoryInstructionUpdates extends FreshInstructions {

    private static final Logger log = LoggerFactory.getLogger(MemoryInstructionUpdates.class);

    /** The resolution the listener last heard of; null before the first. */
    private Instructions told;

    /** The instructions of {@code store}'s memory; only {@code locations}' switches (AGENTS.md) apply. */
    public MemoryInstructionUpdates(MemoryStore store, InstructionLocations locations) {
        super(new InstructionsCache(new InstructionResolver(locations.withProject(MemoryInstructionFiles.ROOT),
                new MemoryInstructionFiles(store))));
    }

    @Override
    public synchronized void memoryChanged(MemoryChanges changes) {
        if (told != null && !lookedAt(told, changes)) {
            return;
        }
        try {
            Instructions now = cache().current();
            if (told == null || !now.files().equals(told.files())) {
                notifyChanged();
            }
            told = now;
        } catch (IOException | RuntimeException e) {
            log.warn("Could not resolve the instructions again: {}", e.getMessage());
        }
    }

    /**
     * Returns whether {@code changes} may change {@code resolution}: a path it consulted (found or not: a new
     * CLAUDE.md is one) or one above it (a directory reported stands for everything in it), or anything below a
     * directory it walked (a rules tree). The memory root is consulted too, for the names it looks for there, not
     * for all it holds.
     */
    private static boolean lookedAt(Instructions resolution, MemoryChanges changes) {
        if (changes.everything()) {
            return true;
        }
        for (String changed : changes.paths()) {
            Path path = MemoryInstructionFiles.ROOT.resolve(changed);
            for (Path consulted : resolution.consulted().paths()) {
                if (consulted.startsWith(path)
                        || path.startsWith(consulted) && !consulted.equals(MemoryInstructionFiles.ROOT)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public void close() {
        // nothing of its own to close: the listening to the store's change feed is its server's
    }
}

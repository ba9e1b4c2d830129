package dev.memdir.memory.directory;

import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.StoreLimits;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a directory store is opened with.
 *
 * @param root the memory root, created (mode 0700) when missing
 * @param limits the limits of the memory
 * @param history how many earlier versions of files the root keeps
 * @param actor who changes the memory through the store (a session id), as its history names the writer
 * @param keys the key-encryption key given, if any; the root's key record decides how it is used ({@code SealChoice})
 */
public record DirectoryOptions(Path root, StoreLimits limits, HistoryLimits history, String actor,
        Optional<MemoryKeys> keys) {

    /** Returns the options of a plain root with the default history limits. */
    public static DirectoryOptions of(Path root, StoreLimits limits, String actor) {
        return new DirectoryOptions(root, limits, HistoryLimits.DEFAULT, actor, Optional.empty());
    }
}

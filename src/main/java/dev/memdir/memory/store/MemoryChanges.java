package dev.memdir.memory.store;

import java.util.Set;

/**
 * What changed in a memory, as one report of a store's {@link ChangeFeed}: paths below {@code /memories/} with
 * {@code /} separators (a directory stands for everything below it), or everything, when reports were lost.
 */
public record MemoryChanges(Set<String> paths, boolean everything) {

    /** Reported when changes may have been missed: anything may have changed. */
    public static final MemoryChanges EVERYTHING = new MemoryChanges(Set.of(), true);

    public MemoryChanges {
        paths = Set.copyOf(paths);
    }

    /** Returns the report of {@code paths}. */
    public static MemoryChanges of(Set<String> paths) {
        return new MemoryChanges(paths, false);
    }

    /** Returns whether the entry at {@code relative} below {@code /memories/} may have changed. */
    public boolean touches(String relative) {
        return everything || paths.contains(relative);
    }
}

package dev.memdir.memory.store;

import dev.memdir.memory.path.MemoryPath;
import java.time.Instant;

/**
 * A regular memory file that listings show (see {@link dev.memdir.memory.path.MemoryNames}), at any depth, with
 * what recall and ages need to know of it without reading it.
 *
 * @param lastAccess when it was last read, as far as the store records it (the file system's atime)
 */
public record ListedFile(MemoryPath path, long size, Instant modified, Instant lastAccess) {

    /** Returns the path below {@code /memories/}, with {@code /} separators. */
    public String relative() {
        return String.join("/", path.segments());
    }
}

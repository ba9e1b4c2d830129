package dev.memdir.memory.store;

import dev.memdir.memory.path.MemoryPath;
import java.io.IOException;

/**
 * How a store keeps the bytes of files and kept versions: as they are, or sealed (encrypted and authenticated) under
 * its namespace's data key with the namespace and the file's path bound to them, so that stored bytes moved to
 * another path or another memory do not open. A store seals at its own boundary, below the limits, and records and
 * reports the plain contents' sizes, so that every answer is the plain store's.
 */
public interface ContentSeal {

    /** Keeps contents as they are. */
    ContentSeal PLAIN = new ContentSeal() {
        @Override
        public boolean seals() {
            return false;
        }

        @Override
        public int overhead() {
            return 0;
        }

        @Override
        public byte[] seal(MemoryPath path, byte[] content) {
            return content;
        }

        @Override
        public byte[] open(MemoryPath path, byte[] stored) {
            return stored;
        }
    };

    /** Returns whether contents are sealed. */
    boolean seals();

    /** Returns how many bytes sealing adds to every content, whatever its size (0 when contents are kept plain). */
    int overhead();

    /** Returns what to store for {@code content} at {@code path}. */
    byte[] seal(MemoryPath path, byte[] content) throws IOException;

    /**
     * Returns the content that {@code stored} holds at {@code path}; bytes that do not open there (changed outside
     * memdir, or sealed for another path or memory) are a {@link StoreFault} naming the path.
     */
    byte[] open(MemoryPath path, byte[] stored) throws StoreFault;
}

package dev.memdir.memory;

import dev.memdir.memory.store.MemoryStore;
import java.io.IOException;
import java.util.List;

/** What tests that open several stores on one memory do with them all. */
public final class Stores {

    private Stores() {}

    /** Closes every store, in order. */
    public static void closeAll(List<? extends MemoryStore> stores) throws IOException {
        for (MemoryStore store : stores) {
            store.close();
        }
    }
}

package dev.memdir.wiring;

import dev.memdir.config.Settings;
import dev.memdir.memory.store.MemoryStore;
import java.io.Closeable;
import java.io.IOException;

/**
 * The stores of the namespaces one process serves (over HTTP, one per principal), sharing what they can: on
 * PostgreSQL one pool and one listening connection for all of them. Closing it closes what they share, so it is
 * closed after every store opened through it.
 */
public interface NamespaceStores extends Closeable {

    /** Opens the store {@code settings} choose (one namespace's); {@code actor} names who changes it. */
    MemoryStore open(Settings settings, String actor) throws IOException;
}

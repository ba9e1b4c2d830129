package dev.memdir.desk;

import dev.memdir.memory.store.ChangeFeed;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.StoreWork;
import dev.memdir.memory.store.Usage;
import dev.memdir.memory.store.VectorShelf;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

/** A store that counts the units of work run on it, each kind apart, and hands them on. */
final class CountedUnits implements MemoryStore {

    final AtomicInteger changes = new AtomicInteger();
    final AtomicInteger reads = new AtomicInteger();
    private final MemoryStore store;

    CountedUnits(MemoryStore store) {
        this.store = store;
    }

    @Override
    public <T> T change(StoreWork<T> work) throws IOException, CommandException {
        changes.incrementAndGet();
        return store.change(work);
    }

    @Override
    public <T> T read(StoreWork<T> work) throws IOException, CommandException {
        reads.incrementAndGet();
        return store.read(work);
    }

    @Override
    public String location() {
        return store.location();
    }

    @Override
    public Usage usage() throws IOException {
        return store.usage();
    }

    @Override
    public ChangeFeed changes() {
        return store.changes();
    }

    @Override
    public VectorShelf vectors() {
        return store.vectors();
    }

    @Override
    public void close() {
        // The store stays its fixture's to close.
    }
}

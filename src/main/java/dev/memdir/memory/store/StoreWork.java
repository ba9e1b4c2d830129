package dev.memdir.memory.store;

import java.io.IOException;

/** One command's work against a store's files, run by {@link MemoryStore#change} or {@link MemoryStore#read}. */
@FunctionalInterface
public interface StoreWork<T> {
    T run(MemoryFiles files) throws IOException, CommandException;
}

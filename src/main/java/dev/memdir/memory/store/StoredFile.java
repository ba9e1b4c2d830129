package dev.memdir.memory.store;

import java.io.IOException;

/** A regular file of an {@link EntryTable}: its key, and its content, which a store may fetch only when asked. */
public interface StoredFile {

    /** Returns the file's key (see {@link TableKeys}). */
    String key();

    /** Returns the file's size in bytes. */
    long size();

    /** Returns the file's bytes. */
    byte[] content() throws IOException;
}

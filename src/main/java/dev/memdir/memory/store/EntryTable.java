package dev.memdir.memory.store;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The files and directories of one memory, by key ({@link TableKeys}), as a store that keeps them as rows or in a
 * manifest holds them: {@link TableFiles} lays the file-system rules over it. The root has no entry of its own.
 */
public interface EntryTable {

    /** Returns what {@code key} names; the root ({@code ""}) is a directory. */
    Entry entry(String key) throws IOException;

    /** Returns the regular file {@code key}, or empty when no file has that key. */
    Optional<StoredFile> file(String key) throws IOException;

    /** Tells the table that the files {@code keys} are about to be read (see {@link MemoryFiles#prefetch}). */
    default void prefetch(List<String> keys) throws IOException {}

    /** Returns the keys of every file, hidden ones included, in no order. */
    List<String> fileKeys() throws IOException;

    /** Returns the files at {@code key} and below it, in no order. */
    List<StoredFile> filesIn(String key) throws IOException;

    /** Returns the entries from one to {@code levels} levels below the directory {@code key}, in no order. */
    List<TableRow> below(String key, int levels) throws IOException;

    /** Returns every file whose names are all listed, with its size and times. */
    List<ListedFile> listedFiles() throws IOException;

    /** Adds the directory {@code key}, whose parent exists. */
    void insertDirectory(String key) throws IOException;

    /** Creates or replaces the file {@code key}, whose parent exists. */
    void putFile(String key, byte[] content) throws IOException;

    /** Removes the entry {@code key} and everything below it. */
    void deleteTree(String key) throws IOException;

    /** Moves the entry {@code from} and everything below it to the free key {@code to}, whose parent exists. */
    void moveTree(String from, String to) throws IOException;
}

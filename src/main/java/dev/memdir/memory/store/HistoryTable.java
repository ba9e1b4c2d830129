package dev.memdir.memory.store;

import dev.memdir.memory.path.MemoryPath;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The kept versions of one memory's files, by key ({@link TableKeys}): numbered from 1 per key, at most
 * {@link HistoryLimits#keep()} per key and {@link HistoryLimits#maxBytes()} in all, the oldest going first.
 */
public interface HistoryTable {

    /**
     * Keeps what {@code file} holds before {@code operation} changes it (a rename to {@code renamedTo}) as its
     * newest version, by this store's actor; returns the history's bytes after the limits, given
     * {@code bytesBefore}.
     */
    long keep(StoredFile file, FileVersion.Operation operation, Optional<MemoryPath> renamedTo, long bytesBefore)
            throws IOException;

    /**
     * Keeps {@code version} as the newest version of {@code key}, with its time (now when it has none), session,
     * operation and redaction; returns the history's bytes after the limits, given {@code bytesBefore}.
     */
    long add(String key, FileVersion version, Optional<byte[]> content, long bytesBefore) throws IOException;

    /** Returns the versions of {@code key}, newest first. */
    List<FileVersion> versions(String key) throws IOException;

    /** Returns the keys with a kept version of a rename to {@code to}, in no order. */
    List<String> renamedInto(String to) throws IOException;

    /** Returns the content of version {@code number} of {@code key}, or empty when it is not kept or redacted. */
    Optional<byte[]> content(String key, int number) throws IOException;

    /** Removes the content and SHA-256 of version {@code number} of {@code key}, naming this store's actor. */
    void redact(String key, int number) throws IOException;

    /** Returns the keys with versions kept, in no order. */
    List<String> keys() throws IOException;
}

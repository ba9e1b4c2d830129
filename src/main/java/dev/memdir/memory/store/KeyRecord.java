package dev.memdir.memory.store;

import java.io.IOException;
import java.util.Optional;

/**
 * The key record kept with one namespace: its data key wrapped by the key-encryption key. That a namespace has
 * one is what says it is encrypted, so {@link SealChoice} reads it at every open.
 */
public interface KeyRecord {

    /** Returns the namespace's key record, or empty when its memory is kept plain. */
    Optional<byte[]> read() throws IOException;

    /**
     * Keeps {@code record} as the namespace's key record unless another writer kept one first; returns the record
     * kept.
     */
    byte[] create(byte[] record) throws IOException;

    /** Replaces the namespace's key record (a rotation: the same data keys, wrapped again). */
    void replace(byte[] record) throws IOException;

    /** Returns whether the namespace holds any file, directory, kept version or vector segment. */
    boolean holdsAnything() throws IOException;
}

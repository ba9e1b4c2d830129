package dev.memdir.memory.s3;

import java.io.IOException;
import java.util.List;

/** Where a manifest's file contents come from: immutable objects of the namespace, by name ({@code blobs/...}). */
interface BlobSource {

    /** Returns the content of the blob {@code name}; one deleted since its head was read is a {@link StaleHead}. */
    byte[] blob(String name) throws IOException;

    /** Starts fetching the blobs {@code names}, which {@link #blob} will be asked for soon. */
    default void prefetch(List<String> names) {}
}

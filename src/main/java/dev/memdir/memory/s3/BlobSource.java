package dev.memdir.memory.s3;

import java.io.IOException;

/** Where a manifest's file contents come from: immutable objects of the namespace, by name ({@code blobs/...}). */
@FunctionalInterface
interface BlobSource {

    /** Returns the content of the blob {@code name}; one deleted since its head was read is a {@link StaleHead}. */
    byte[] blob(String name) throws IOException;
}

package dev.memdir.memory.s3;

import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The contents one unit of work touches: those it wrote, uploaded before its commit, and those it stopped naming
 * (versions dropped or redacted), deleted after it when nothing else names them; others are read from the store.
 */
final class DraftContents {

    private final BlobSource blobs;
    private final Map<String, byte[]> uploads = new LinkedHashMap<>();
    private final Set<String> released = new HashSet<>();

    DraftContents(BlobSource blobs) {
        this.blobs = blobs;
    }

    /** Keeps {@code content} for upload under a new name, and returns the name. */
    String upload(byte[] content) {
        String name = RandomNames.blob();
        uploads.put(name, content.clone());
        return name;
    }

    /** Returns the content named {@code name}, written by this unit or read from the store. */
    byte[] read(String name) throws IOException {
        byte[] uploading = uploads.get(name);
        return uploading != null ? uploading.clone() : blobs.blob(name);
    }

    /** Starts fetching the contents {@code names} that this unit did not write. */
    void prefetch(List<String> names) {
        blobs.prefetch(names.stream().filter(name -> !uploads.containsKey(name)).toList());
    }

    /** Notes that a version no longer names {@code name} (null: it named none). */
    void release(String name) {
        if (name != null) {
            released.add(name);
        }
    }

    /** Returns the contents this unit wrote, by name. */
    Map<String, byte[]> uploads() {
        return uploads;
    }

    /** Returns the names this unit stopped naming somewhere. */
    Set<String> released() {
        return released;
    }
}

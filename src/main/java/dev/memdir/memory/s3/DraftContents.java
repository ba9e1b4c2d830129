package dev.memdir.memory.s3;

import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.TableKeys;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The contents one unit of work touches: those it wrote, uploaded before its commit, and those it stopped naming
 * (versions dropped or redacted), deleted after it when nothing else names them; others are read from the store.
 * Every content is kept as its seal makes it for the key it lies at, and opened there when read; uploads are kept
 * sealed, as the bucket will hold them.
 */
final class DraftContents {

    private final BlobSource blobs;
    private final ContentSeal seal;
    private final Map<String, byte[]> uploads = new LinkedHashMap<>();
    private final Set<String> released = new HashSet<>();
    private final Map<String, String> resealed = new HashMap<>();

    DraftContents(BlobSource blobs, ContentSeal seal) {
        this.blobs = blobs;
        this.seal = seal;
    }

    /** Keeps {@code content}, sealed for {@code key}, for upload under a new name, and returns the name. */
    String upload(String key, byte[] content) throws IOException {
        String name = RandomNames.blob();
        uploads.put(name, seal.seal(TableKeys.path(key), content.clone()));
        return name;
    }

    /** Returns the content named {@code name} that lies at {@code key}, written by this unit or read from the store. */
    byte[] read(String key, String name) throws IOException {
        byte[] uploading = uploads.get(name);
        return seal.open(TableKeys.path(key), uploading != null ? uploading.clone() : blobs.blob(name));
    }

    /**
     * Returns the name of the content {@code name} once it lies at {@code to} instead of {@code from}: the same when
     * contents are kept plain (a rename moves no object); sealed, a new content sealed for {@code to}, the old one
     * released (a version kept at {@code from} may still name it).
     */
    String moved(String name, String from, String to) throws IOException {
        if (!seal.seals()) {
            return name;
        }
        String moved = upload(to, read(from, name));
        release(name);
        return moved;
    }

    /**
     * Returns the name of the content {@code name} at {@code key} sealed again, under the seal's newest data key: a
     * content a file and its versions share is sealed again once.
     */
    String resealed(String key, String name) throws IOException {
        String done = resealed.get(key + "\0" + name);
        if (done != null) {
            return done;
        }
        String again = upload(key, read(key, name));
        release(name);
        resealed.put(key + "\0" + name, again);
        return again;
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

    /** Returns the contents this unit wrote, sealed, by name. */
    Map<String, byte[]> uploads() {
        return uploads;
    }

    /** Returns the names this unit stopped naming somewhere. */
    Set<String> released() {
        return released;
    }
}

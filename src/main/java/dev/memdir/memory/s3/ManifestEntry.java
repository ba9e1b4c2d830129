package dev.memdir.memory.s3;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.memdir.memory.store.Entry;
import dev.memdir.memory.store.TableKeys;

/**
 * A file or directory of a manifest, as a head or a base stores it.
 *
 * @param kind {@code file} or {@code dir}
 * @param size a file's bytes (a directory shows {@link TableKeys#DIRECTORY_SIZE})
 * @param sha256 a file's SHA-256, hex
 * @param blob a file's content: its object's name below the namespace ({@code blobs/...})
 * @param modified when it was last written, ISO-8601
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record ManifestEntry(String kind, long size, String sha256, String blob, String modified) {

    private static final String FILE = "file";
    private static final String DIRECTORY = "dir";

    static ManifestEntry file(long size, String sha256, String blob, String modified) {
        return new ManifestEntry(FILE, size, sha256, blob, modified);
    }

    static ManifestEntry directory(String modified) {
        return new ManifestEntry(DIRECTORY, TableKeys.DIRECTORY_SIZE, null, null, modified);
    }

    /** Returns this file with its content at {@code name}. */
    ManifestEntry withBlob(String name) {
        return new ManifestEntry(kind, size, sha256, name, modified);
    }

    boolean isFile() {
        return FILE.equals(kind);
    }

    Entry entry() {
        return new Entry(isFile() ? Entry.Kind.FILE : Entry.Kind.DIRECTORY, size);
    }
}

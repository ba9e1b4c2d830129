package dev.memdir.memory.store;

import dev.memdir.memory.path.MemoryPath;
import java.util.List;

/**
 * How a store that keeps entries by key names them: a key is the path below the root, names joined by {@code /};
 * the root's key is {@code ""}.
 */
public final class TableKeys {

    /**
     * What a directory's size is: the size the directory store shows for a directory on ext4, so that every store
     * answers a listing alike.
     */
    public static final long DIRECTORY_SIZE = 4096;

    private TableKeys() {}

    public static String key(MemoryPath path) {
        return String.join("/", path.segments());
    }

    /** Returns the path a key names ({@code ""} the root). */
    public static MemoryPath path(String key) {
        return MemoryPath.of(key.isEmpty() ? List.of() : List.of(key.split("/")));
    }

    /** Returns the key of the directory that holds {@code key}. */
    public static String parent(String key) {
        int slash = key.lastIndexOf('/');
        return slash < 0 ? "" : key.substring(0, slash);
    }

    /** Returns the last name of {@code key}. */
    public static String name(String key) {
        return key.substring(key.lastIndexOf('/') + 1);
    }

    /** Returns how many names {@code key} has (0 for the root). */
    public static int depth(String key) {
        return key.isEmpty() ? 0 : (int) key.chars().filter(c -> c == '/').count() + 1;
    }
}

package dev.memdir.memory.postgres;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.Entry;
import dev.memdir.memory.store.ListedFile;
import java.io.IOException;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rows of one namespace's files and directories. A row's key is the path below the root, names joined by
 * {@code /}; the root has no row. A subtree is the key itself plus the range of keys between {@code key/} and
 * {@code key0} ({@code 0} follows {@code /} in byte order, which the key column's collation compares by).
 */
final class EntryRows {

    /**
     * What a directory's size is: the size the directory store shows for a directory on ext4, so that both stores
     * answer a listing alike.
     */
    static final long DIRECTORY_SIZE = 4096;

    /** A file of the namespace with its content. */
    record StoredFile(String key, byte[] content) {}

    /** A row as a listing needs it. */
    record Listed(String key, String parent, String name, boolean directory, long size) {}

    private static final String IN_TREE = " AND (path = ? OR (path > ? AND path < ?))";

    private final Connection connection;
    private final long namespace;

    EntryRows(Connection connection, long namespace) {
        this.connection = connection;
        this.namespace = namespace;
    }

    static String key(MemoryPath path) {
        return String.join("/", path.segments());
    }

    /** Returns the path a key names ({@code ""} the root). */
    static MemoryPath path(String key) {
        return MemoryPath.of(key.isEmpty() ? List.of() : List.of(key.split("/")));
    }

    Entry entry(String key) throws IOException {
        if (key.isEmpty()) {
            return new Entry(Entry.Kind.DIRECTORY, DIRECTORY_SIZE);
        }
        return Sql.first(connection, "SELECT directory, size FROM memdir.entries WHERE namespace = ? AND path = ?",
                        row -> new Entry(row.getBoolean(1) ? Entry.Kind.DIRECTORY : Entry.Kind.FILE, row.getLong(2)),
                        namespace, key)
                .orElse(Entry.ABSENT);
    }

    /** Returns the content of the file {@code key}, or empty when no file has that key. */
    Optional<byte[]> content(String key) throws IOException {
        return Sql.first(connection,
                "SELECT content FROM memdir.entries WHERE namespace = ? AND path = ? AND NOT directory",
                row -> row.getBytes(1), namespace, key);
    }

    /** Returns the keys of every file of the namespace, hidden ones included, in no order. */
    List<String> fileKeys() throws IOException {
        return Sql.list(connection, "SELECT path FROM memdir.entries WHERE namespace = ? AND NOT directory",
                row -> row.getString(1), namespace);
    }

    /** Returns the files at {@code key} and below it. */
    List<StoredFile> filesIn(String key) throws IOException {
        return Sql.list(connection,
                "SELECT path, content FROM memdir.entries WHERE namespace = ? AND NOT directory" + IN_TREE,
                row -> new StoredFile(row.getString(1), row.getBytes(2)), treeParameters(key));
    }

    /** Returns the rows from one to {@code levels} levels below the directory {@code key}, in no order. */
    List<Listed> below(String key, int levels) throws IOException {
        int depth = depth(key);
        String range = key.isEmpty() ? "" : " AND path > ? AND path < ?";
        Object[] parameters = key.isEmpty()
                ? new Object[] {namespace, depth + 1, depth + levels}
                : new Object[] {namespace, depth + 1, depth + levels, key + "/", key + "0"};
        return Sql.list(connection,
                "SELECT path, parent, name, directory, size FROM memdir.entries"
                        + " WHERE namespace = ? AND depth BETWEEN ? AND ?" + range,
                row -> new Listed(row.getString(1), row.getString(2), row.getString(3), row.getBoolean(4),
                        row.getLong(5)),
                parameters);
    }

    /**
     * Returns every file whose names are all listed (see {@link MemoryNames}); a database keeps no read times, so a
     * file's last access is its last change.
     */
    List<ListedFile> listedFiles() throws IOException {
        List<ListedFile> listed = new ArrayList<>();
        for (ListedFile file : Sql.list(connection,
                "SELECT path, size, modified FROM memdir.entries WHERE namespace = ? AND NOT directory",
                row -> {
                    Instant modified = row.getTimestamp(3).toInstant();
                    return new ListedFile(MemoryPath.of(List.of(row.getString(1).split("/"))), row.getLong(2),
                            modified, modified);
                }, namespace)) {
            if (file.path().segments().stream().allMatch(MemoryNames::listed)) {
                listed.add(file);
            }
        }
        return listed;
    }

    void insertDirectory(String key) throws IOException {
        Sql.update(connection, "INSERT INTO memdir.entries (namespace, path, parent, name, depth, directory, size,"
                + " modified) VALUES (?, ?, ?, ?, ?, true, ?, now())",
                namespace, key, parent(key), name(key), depth(key), DIRECTORY_SIZE);
    }

    void putFile(String key, byte[] content) throws IOException {
        Sql.update(connection, "INSERT INTO memdir.entries (namespace, path, parent, name, depth, directory, content,"
                + " size, modified) VALUES (?, ?, ?, ?, ?, false, ?, ?, now()) ON CONFLICT (namespace, path)"
                + " DO UPDATE SET content = excluded.content, size = excluded.size, modified = excluded.modified",
                namespace, key, parent(key), name(key), depth(key), content, (long) content.length);
    }

    void deleteTree(String key) throws IOException {
        Sql.update(connection, "DELETE FROM memdir.entries WHERE namespace = ?" + IN_TREE, treeParameters(key));
    }

    /** Moves the entry {@code from} and everything below it to the free key {@code to}, as one statement. */
    void moveTree(String from, String to) throws IOException {
        int skip = from.codePointCount(0, from.length()) + 1;
        Sql.update(connection, "UPDATE memdir.entries SET path = ? || substr(path, ?),"
                        + " parent = CASE WHEN path = ? THEN ? ELSE ? || substr(parent, ?) END,"
                        + " name = CASE WHEN path = ? THEN ? ELSE name END, depth = depth + ?"
                        + " WHERE namespace = ?" + IN_TREE,
                to, skip, from, parent(to), to, skip, from, name(to), depth(to) - depth(from),
                namespace, from, from + "/", from + "0");
    }

    private Object[] treeParameters(String key) {
        return new Object[] {namespace, key, key + "/", key + "0"};
    }

    static String parent(String key) {
        int slash = key.lastIndexOf('/');
        return slash < 0 ? "" : key.substring(0, slash);
    }

    private static String name(String key) {
        return key.substring(key.lastIndexOf('/') + 1);
    }

    private static int depth(String key) {
        return key.isEmpty() ? 0 : (int) key.chars().filter(c -> c == '/').count() + 1;
    }
}

package dev.memdir.memory.postgres;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.Entry;
import dev.memdir.memory.store.EntryTable;
import dev.memdir.memory.store.ListedFile;
import dev.memdir.memory.store.StoredFile;
import dev.memdir.memory.store.TableKeys;
import dev.memdir.memory.store.TableRow;
import java.io.IOException;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rows of one namespace's files and directories, by key ({@link TableKeys}); the root has no row. A subtree is the key itself plus the range of keys between {@code key/} and
 * {@code key0} ({@code 0} follows {@code /} in byte order, which the key column's collation compares by). A file's
 * content is kept as its namespace's {@link ContentSeal} seals it at its path; its size is the plain content's.
 */
final class EntryRows implements EntryTable {

    /** A file of the namespace with its content, opened. */
    private record Row(String key, byte[] content) implements StoredFile {
        @Override
        public long size() {
            return content.length;
        }
    }

    private static final String IN_TREE = " AND (path = ? OR (path > ? AND path < ?))";

    /** A file's key and content as the row keeps it. */
    private record Stored(String key, byte[] content) {}

    private final Connection connection;
    private final long namespace;
    private final ContentSeal seal;

    EntryRows(Connection connection, long namespace, ContentSeal seal) {
        this.connection = connection;
        this.namespace = namespace;
        this.seal = seal;
    }

    @Override
    public Entry entry(String key) throws IOException {
        if (key.isEmpty()) {
            return new Entry(Entry.Kind.DIRECTORY, TableKeys.DIRECTORY_SIZE);
        }
        return Sql.first(connection, "SELECT directory, size FROM memdir.entries WHERE namespace = ? AND path = ?",
                        row -> new Entry(row.getBoolean(1) ? Entry.Kind.DIRECTORY : Entry.Kind.FILE, row.getLong(2)),
                        namespace, key)
                .orElse(Entry.ABSENT);
    }

    @Override
    public Optional<StoredFile> file(String key) throws IOException {
        Optional<byte[]> stored = Sql.first(connection,
                "SELECT content FROM memdir.entries WHERE namespace = ? AND path = ? AND NOT directory",
                row -> row.getBytes(1), namespace, key);
        return stored.isEmpty() ? Optional.empty() : Optional.of(opened(new Stored(key, stored.get())));
    }

    @Override
    public List<String> fileKeys() throws IOException {
        return Sql.list(connection, "SELECT path FROM memdir.entries WHERE namespace = ? AND NOT directory",
                row -> row.getString(1), namespace);
    }

    @Override
    public List<StoredFile> filesIn(String key) throws IOException {
        List<StoredFile> files = new ArrayList<>();
        for (Stored file : storedIn(key)) {
            files.add(opened(file));
        }
        return files;
    }

    private List<Stored> storedIn(String key) throws IOException {
        return Sql.list(connection,
                "SELECT path, content FROM memdir.entries WHERE namespace = ? AND NOT directory" + IN_TREE,
                row -> new Stored(row.getString(1), row.getBytes(2)), treeParameters(key));
    }

    private Row opened(Stored file) throws IOException {
        return new Row(file.key(), seal.open(TableKeys.path(file.key()), file.content()));
    }

    @Override
    public List<TableRow> below(String key, int levels) throws IOException {
        int depth = TableKeys.depth(key);
        String range = key.isEmpty() ? "" : " AND path > ? AND path < ?";
        Object[] parameters = key.isEmpty()
                ? new Object[] {namespace, depth + 1, depth + levels}
                : new Object[] {namespace, depth + 1, depth + levels, key + "/", key + "0"};
        return Sql.list(connection,
                "SELECT path, parent, name, directory, size FROM memdir.entries"
                        + " WHERE namespace = ? AND depth BETWEEN ? AND ?" + range,
                row -> new TableRow(row.getString(1), row.getString(2), row.getString(3), row.getBoolean(4),
                        row.getLong(5)),
                parameters);
    }

    /**
     * Returns every file whose names are all listed (see {@link MemoryNames}); a database keeps no read times, so a
     * file's last access is its last change.
     */
    @Override
    public List<ListedFile> listedFiles() throws IOException {
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

    @Override
    public void insertDirectory(String key) throws IOException {
        Sql.update(connection, "INSERT INTO memdir.entries (namespace, path, parent, name, depth, directory, size,"
                + " modified) VALUES (?, ?, ?, ?, ?, true, ?, now())",
                namespace, key, TableKeys.parent(key), TableKeys.name(key), TableKeys.depth(key),
                TableKeys.DIRECTORY_SIZE);
    }

    @Override
    public void putFile(String key, byte[] content) throws IOException {
        Sql.update(connection, "INSERT INTO memdir.entries (namespace, path, parent, name, depth, directory, content,"
                + " size, modified) VALUES (?, ?, ?, ?, ?, false, ?, ?, now()) ON CONFLICT (namespace, path)"
                + " DO UPDATE SET content = excluded.content, size = excluded.size, modified = excluded.modified",
                namespace, key, TableKeys.parent(key), TableKeys.name(key), TableKeys.depth(key),
                seal.seal(TableKeys.path(key), content), (long) content.length);
    }

    @Override
    public void deleteTree(String key) throws IOException {
        Sql.update(connection, "DELETE FROM memdir.entries WHERE namespace = ?" + IN_TREE, treeParameters(key));
    }

    /**
     * Moves the entry {@code from} and everything below it to the free key {@code to}, as one statement; sealed
     * contents are then sealed again at their new paths, in the same transaction.
     */
    @Override
    public void moveTree(String from, String to) throws IOException {
        List<Stored> moved = seal.seals() ? storedIn(from) : List.of();
        int skip = from.codePointCount(0, from.length()) + 1;
        Sql.update(connection, "UPDATE memdir.entries SET path = ? || substr(path, ?),"
                        + " parent = CASE WHEN path = ? THEN ? ELSE ? || substr(parent, ?) END,"
                        + " name = CASE WHEN path = ? THEN ? ELSE name END, depth = depth + ?"
                        + " WHERE namespace = ?" + IN_TREE,
                to, skip, from, TableKeys.parent(to), to, skip, from, TableKeys.name(to),
                TableKeys.depth(to) - TableKeys.depth(from),
                namespace, from, from + "/", from + "0");
        MemoryPath top = TableKeys.path(from);
        MemoryPath target = TableKeys.path(to);
        for (Stored file : moved) {
            MemoryPath now = TableKeys.path(file.key()).movedWith(top, target);
            Sql.update(connection, "UPDATE memdir.entries SET content = ? WHERE namespace = ? AND path = ?",
                    seal.seal(now, seal.open(TableKeys.path(file.key()), file.content())), namespace,
                    TableKeys.key(now));
        }
    }

    private Object[] treeParameters(String key) {
        return new Object[] {namespace, key, key + "/", key + "0"};
    }

}

package dev.memdir.memory.postgres;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.HistoryTable;
import dev.memdir.memory.store.Sha256;
import dev.memdir.memory.store.StoredFile;
import dev.memdir.memory.store.TableKeys;
import java.io.IOException;
import java.sql.Connection;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The kept versions of one namespace's files: a row each, numbered from 1 per path, with the operation that
 * replaced it (and where a rename took the file), its size, SHA-256 (none once redacted), time and actor. At most {@link HistoryLimits#keep()} per path
 * and {@link HistoryLimits#maxBytes()} in all, the oldest going first; the namespace row counts the bytes. A version's
 * content, and its SHA-256 (which would confirm a guess of a plain content), are kept as the namespace's
 * {@link ContentSeal} seals them at the version's path ({@link VersionHashes}); sizes stay plain.
 */
final class HistoryRows implements HistoryTable {

    private final Connection connection;
    private final long namespace;
    private final HistoryLimits limits;
    private final String actor;
    private final ContentSeal seal;

    HistoryRows(Connection connection, long namespace, HistoryLimits limits, String actor, ContentSeal seal) {
        this.connection = connection;
        this.namespace = namespace;
        this.limits = limits;
        this.actor = actor;
        this.seal = seal;
    }

    @Override
    public long keep(StoredFile file, FileVersion.Operation operation, Optional<MemoryPath> renamedTo,
            long bytesBefore) throws IOException {
        byte[] content = file.content();
        return add(file.key(), new FileVersion(0, null, actor, content.length, Optional.of(Sha256.hex(content)),
                operation, Optional.empty(), renamedTo), Optional.of(content), bytesBefore);
    }

    @Override
    public long add(String key, FileVersion version, Optional<byte[]> content, long bytesBefore) throws IOException {
        Optional<FileVersion.Redaction> redaction = version.redaction();
        MemoryPath path = TableKeys.path(key);
        byte[] stored = content.isEmpty() ? null : seal.seal(path, content.get());
        String sha256 = version.sha256().isEmpty() ? null : VersionHashes.stored(seal, path, version.sha256().get());
        int number = Sql.first(connection, "INSERT INTO memdir.history (namespace, path, number, operation, content,"
                        + " size, sha256, kept, actor, redacted_by, redacted_at, renamed_to) VALUES (?, ?, (SELECT"
                        + " coalesce(max(number), 0) + 1 FROM memdir.history WHERE namespace = ? AND path = ?), ?,"
                        + " ?::bytea, ?, ?, coalesce(?::timestamptz, clock_timestamp()), ?, ?::text, ?::timestamptz,"
                        + " ?::text) RETURNING number",
                        row -> row.getInt(1), namespace, key, namespace, key, version.operation().label(),
                        stored, version.size(), sha256,
                        timestamp(version.time()), version.session(),
                        redaction.map(FileVersion.Redaction::actor).orElse(null),
                        timestamp(redaction.map(FileVersion.Redaction::time).orElse(null)),
                        version.renamedTo().map(TableKeys::key).orElse(null))
                .orElseThrow();
        long bytes = bytesBefore + content.map(kept -> kept.length).orElse(0) - dropped("DELETE FROM memdir.history"
                + " WHERE namespace = ? AND path = ? AND number <= ? RETURNING size", namespace, key,
                number - limits.keep());
        if (bytes > limits.maxBytes()) {
            bytes -= dropOldest(bytes - limits.maxBytes());
        }
        return bytes;
    }

    private static Timestamp timestamp(Instant time) {
        return time == null ? null : Timestamp.from(time);
    }

    @Override
    public List<FileVersion> versions(String key) throws IOException {
        List<FileVersion> stored = Sql.list(connection, "SELECT number, kept, actor, size, sha256, operation,"
                        + " redacted_by, redacted_at, renamed_to FROM memdir.history WHERE namespace = ? AND path = ?"
                        + " ORDER BY number DESC",
                row -> new FileVersion(row.getInt(1), row.getTimestamp(2).toInstant(), row.getString(3),
                        row.getLong(4), Optional.ofNullable(row.getString(5)),
                        FileVersion.Operation.of(row.getString(6)),
                        row.getString(7) == null ? Optional.empty() : Optional.of(new FileVersion.Redaction(
                                row.getString(7), row.getTimestamp(8).toInstant())),
                        Optional.ofNullable(row.getString(9)).map(TableKeys::path)),
                namespace, key);
        if (!seal.seals()) {
            return stored;
        }
        MemoryPath path = TableKeys.path(key);
        List<FileVersion> opened = new ArrayList<>();
        for (FileVersion version : stored) {
            Optional<String> sha256 = version.sha256().isEmpty() ? Optional.empty()
                    : Optional.of(VersionHashes.hex(seal, path, version.sha256().get()));
            opened.add(new FileVersion(version.number(), version.time(), version.session(), version.size(), sha256,
                    version.operation(), version.redaction(), version.renamedTo()));
        }
        return opened;
    }

    @Override
    public List<String> renamedInto(String to) throws IOException {
        return Sql.list(connection, "SELECT DISTINCT path FROM memdir.history WHERE namespace = ? AND renamed_to = ?",
                row -> row.getString(1), namespace, to);
    }

    @Override
    public Optional<byte[]> content(String key, int number) throws IOException {
        Optional<byte[]> stored = Sql.first(connection, "SELECT content FROM memdir.history WHERE namespace = ?"
                + " AND path = ? AND number = ? AND content IS NOT NULL", row -> row.getBytes(1), namespace, key,
                number);
        return stored.isEmpty() ? stored : Optional.of(seal.open(TableKeys.path(key), stored.get()));
    }

    @Override
    public void redact(String key, int number) throws IOException {
        Sql.update(connection, "UPDATE memdir.history SET content = NULL, sha256 = NULL, redacted_by = ?,"
                + " redacted_at = now() WHERE namespace = ? AND path = ? AND number = ? AND redacted_by IS NULL",
                actor, namespace, key, number);
    }

    @Override
    public List<String> keys() throws IOException {
        return Sql.list(connection, "SELECT DISTINCT path FROM memdir.history WHERE namespace = ?",
                row -> row.getString(1), namespace);
    }

    /** Drops the oldest versions until at least {@code excess} bytes are gone; returns how many went. */
    private long dropOldest(long excess) throws IOException {
        return dropped("DELETE FROM memdir.history WHERE id IN (SELECT id FROM (SELECT id,"
                + " sum(size) OVER (ORDER BY id) - size AS before FROM memdir.history WHERE namespace = ?) oldest"
                + " WHERE before < ?) RETURNING size", namespace, excess);
    }

    private long dropped(String delete, Object... parameters) throws IOException {
        return Sql.list(connection, delete, row -> row.getLong(1), parameters).stream()
                .mapToLong(Long::longValue).sum();
    }
}

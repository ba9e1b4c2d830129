package dev.memdir.memory.postgres;

import dev.memdir.memory.FileVersion;
import dev.memdir.memory.HistoryLimits;
import java.io.IOException;
import java.sql.Connection;
import java.util.List;
import java.util.Optional;

/**
 * The kept versions of one namespace's files: a row each, numbered from 1 per path, with the operation that
 * replaced it, its size, SHA-256, time and actor. At most {@link HistoryLimits#keep()} per path and
 * {@link HistoryLimits#maxBytes()} in all, the oldest going first; the namespace row counts the bytes.
 */
final class HistoryRows {

    private final Connection connection;
    private final long namespace;
    private final HistoryLimits limits;
    private final String actor;

    HistoryRows(Connection connection, long namespace, HistoryLimits limits, String actor) {
        this.connection = connection;
        this.namespace = namespace;
        this.limits = limits;
        this.actor = actor;
    }

    /**
     * Keeps {@code content}, what {@code key} holds before {@code operation} changes it, as its newest version;
     * returns the history's bytes after the limits, given {@code bytesBefore}.
     */
    long keep(String key, String operation, byte[] content, long bytesBefore) throws IOException {
        int number = Sql.first(connection, "WITH kept(content) AS (SELECT ?::bytea)"
                        + " INSERT INTO memdir.history (namespace, path, number, operation, content, size, sha256, kept,"
                        + " actor) SELECT ?, ?, (SELECT coalesce(max(number), 0) + 1 FROM memdir.history"
                        + " WHERE namespace = ? AND path = ?), ?, content, length(content),"
                        + " encode(sha256(content), 'hex'), clock_timestamp(), ? FROM kept RETURNING number",
                        row -> row.getInt(1), content, namespace, key, namespace, key, operation, actor)
                .orElseThrow();
        long bytes = bytesBefore + content.length - dropped("DELETE FROM memdir.history"
                + " WHERE namespace = ? AND path = ? AND number <= ? RETURNING size", namespace, key,
                number - limits.keep());
        if (bytes > limits.maxBytes()) {
            bytes -= dropOldest(bytes - limits.maxBytes());
        }
        return bytes;
    }

    /** Returns the versions of {@code key}, newest first. */
    List<FileVersion> versions(String key) throws IOException {
        return Sql.list(connection, "SELECT number, kept, actor, size, sha256 FROM memdir.history"
                        + " WHERE namespace = ? AND path = ? ORDER BY number DESC",
                row -> new FileVersion(row.getInt(1), row.getTimestamp(2).toInstant(), row.getString(3),
                        row.getLong(4), row.getString(5)),
                namespace, key);
    }

    Optional<byte[]> content(String key, int number) throws IOException {
        return Sql.first(connection, "SELECT content FROM memdir.history WHERE namespace = ? AND path = ?"
                + " AND number = ? AND content IS NOT NULL", row -> row.getBytes(1), namespace, key, number);
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

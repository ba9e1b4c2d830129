package dev.memdir.memory.postgres;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.TableKeys;
import java.io.IOException;
import java.sql.Connection;

/**
 * Seals every content of one namespace again, its files' and its kept versions' (and the versions' SHA-256), under
 * the primary data key of {@code seal}, which still opens what older data keys sealed; in the caller's transaction,
 * so a kill leaves every content as it was or all of them sealed again.
 */
final class KeyRotation {

    /** A sealed file or version as its row keeps it; {@code id} the history row's, or null for a file. */
    private record Stored(Long id, String key, byte[] content, String sha256) {}

    private KeyRotation() {}

    /** Returns how many contents were sealed again. */
    static long reseal(Connection connection, long namespace, ContentSeal seal) throws IOException {
        long sealed = 0;
        for (Stored file : Sql.list(connection, "SELECT path, content FROM memdir.entries WHERE namespace = ?"
                + " AND NOT directory", row -> new Stored(null, row.getString(1), row.getBytes(2), null), namespace)) {
            Sql.update(connection, "UPDATE memdir.entries SET content = ? WHERE namespace = ? AND path = ?",
                    again(seal, file.key(), file.content()), namespace, file.key());
            sealed++;
        }
        for (Stored version : Sql.list(connection, "SELECT id, path, content, sha256 FROM memdir.history"
                        + " WHERE namespace = ? AND (content IS NOT NULL OR sha256 IS NOT NULL)",
                row -> new Stored(row.getLong(1), row.getString(2), row.getBytes(3), row.getString(4)), namespace)) {
            MemoryPath path = TableKeys.path(version.key());
            String sha256 = version.sha256() == null ? null
                    : VersionHashes.stored(seal, path, VersionHashes.hex(seal, path, version.sha256()));
            Sql.update(connection, "UPDATE memdir.history SET content = ?::bytea, sha256 = ? WHERE id = ?",
                    version.content() == null ? null : again(seal, version.key(), version.content()), sha256,
                    version.id());
            sealed += version.content() == null ? 0 : 1;
        }
        return sealed;
    }

    private static byte[] again(ContentSeal seal, String key, byte[] stored) throws IOException {
        MemoryPath path = TableKeys.path(key);
        return seal.seal(path, seal.open(path, stored));
    }
}

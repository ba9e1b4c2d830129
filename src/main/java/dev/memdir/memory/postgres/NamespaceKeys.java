package dev.memdir.memory.postgres;

import dev.memdir.memory.store.KeyRecord;
import java.io.IOException;
import java.sql.Connection;
import java.util.Optional;

/**
 * The key record of one namespace, its row of {@code memdir.namespace_keys}, read and written in the transaction of
 * {@code connection}. Making one first locks the namespace's row, as every change does, so a record is never made
 * beside a change that writes plain contents into the namespace.
 */
final class NamespaceKeys implements KeyRecord {

    private final Connection connection;
    private final long namespace;

    NamespaceKeys(Connection connection, long namespace) {
        this.connection = connection;
        this.namespace = namespace;
    }

    @Override
    public Optional<byte[]> read() throws IOException {
        return Sql.first(connection, "SELECT record FROM memdir.namespace_keys WHERE namespace = ?",
                row -> row.getBytes(1), namespace);
    }

    /** A racing maker waits on the key until the first commits, then reads the record that one kept. */
    @Override
    public byte[] create(byte[] record) throws IOException {
        Sql.update(connection, "INSERT INTO memdir.namespace_keys (namespace, record) VALUES (?, ?)"
                + " ON CONFLICT (namespace) DO NOTHING", namespace, record);
        return read().orElseThrow();
    }

    @Override
    public void replace(byte[] record) throws IOException {
        Sql.update(connection, "UPDATE memdir.namespace_keys SET record = ? WHERE namespace = ?", record, namespace);
    }

    /**
     * Locks the namespace's row first, so that no change writes into it until this transaction ends, and then looks
     * (in a statement of its own, which sees every change committed before the lock).
     */
    @Override
    public boolean holdsAnything() throws IOException {
        Sql.first(connection, "SELECT 1 FROM memdir.namespaces WHERE id = ? FOR NO KEY UPDATE", row -> true, namespace);
        return Sql.first(connection, "SELECT EXISTS (SELECT 1 FROM memdir.entries WHERE namespace = ?)"
                        + " OR EXISTS (SELECT 1 FROM memdir.history WHERE namespace = ?)"
                        + " OR EXISTS (SELECT 1 FROM memdir.vector_segments WHERE namespace = ?)",
                row -> row.getBoolean(1), namespace, namespace, namespace).orElseThrow();
    }
}

package dev.memdir.memory.postgres;

import dev.memdir.memory.store.SegmentSpace;
import dev.memdir.memory.store.VectorShelf.Segment;
import java.io.IOException;
import java.util.Collection;
import java.util.List;

/**
 * A namespace's vector segments: its rows of {@code memdir.vector_segments} (schema version 7), apart from its
 * entries and totals. A read is one snapshot; a replace is one transaction, so a reader sees the segments it
 * removes or the merged one, never neither.
 */
final class VectorRows implements SegmentSpace {

    private final NamespaceTransactions transactions;
    private final long namespace;

    VectorRows(NamespaceTransactions transactions, long namespace) {
        this.transactions = transactions;
        this.namespace = namespace;
    }

    @Override
    public List<Segment> stored() throws IOException {
        return transactions.ofItsOwn(true, connection -> Sql.list(connection,
                "SELECT id, body FROM memdir.vector_segments WHERE namespace = ?",
                row -> new Segment(row.getString(1), row.getBytes(2)), namespace));
    }

    @Override
    public void put(String id, byte[] stored, Collection<String> removed) throws IOException {
        transactions.ofItsOwn(false, connection -> {
            Sql.update(connection, "INSERT INTO memdir.vector_segments (namespace, id, body) VALUES (?, ?, ?)",
                    namespace, id, stored);
            if (!removed.isEmpty()) {
                Sql.update(connection, "DELETE FROM memdir.vector_segments WHERE namespace = ? AND id = ANY (?)",
                        namespace, removed.toArray(String[]::new));
            }
            return null;
        });
    }
}

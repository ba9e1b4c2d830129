package dev.memdir.memory.postgres;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A namespace's running totals beside a recount of its rows, as a {@code store check} would compare them: files and
 * their bytes, and the bytes its history keeps.
 */
public record NamespaceCounts(long files, long bytes, long historyBytes) {

    /** Returns the totals the namespace's row holds. */
    public static NamespaceCounts kept(String jdbcUrl, String namespace) throws SQLException {
        return query(jdbcUrl, "SELECT files, bytes, history_bytes FROM memdir.namespaces WHERE name = ?", namespace);
    }

    /** Returns the totals counted from the namespace's entries and history. */
    public static NamespaceCounts recounted(String jdbcUrl, String namespace) throws SQLException {
        return query(jdbcUrl, "SELECT (SELECT count(*) FROM memdir.entries e"
                + " WHERE e.namespace = n.id AND NOT directory),"
                + " (SELECT coalesce(sum(size), 0) FROM memdir.entries e WHERE e.namespace = n.id AND NOT directory),"
                + " (SELECT coalesce(sum(size), 0) FROM memdir.history h WHERE h.namespace = n.id)"
                + " FROM memdir.namespaces n WHERE name = ?", namespace);
    }

    private static NamespaceCounts query(String jdbcUrl, String sql, String namespace) throws SQLException {
        try (Connection connection = DriverManager.getConnection(jdbcUrl);
                PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, namespace);
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                return new NamespaceCounts(row.getLong(1), row.getLong(2), row.getLong(3));
            }
        }
    }
}

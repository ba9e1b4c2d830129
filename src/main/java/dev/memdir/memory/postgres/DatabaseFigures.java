package dev.memdir.memory.postgres;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;

/**
 * What a database holds of memdir, read without migrating or changing anything: the schema's version (0 when there
 * is no {@code memdir} schema) and each namespace's running totals.
 */
public record DatabaseFigures(int schemaVersion, int understoodVersion, List<Namespace> namespaces) {

    /** One namespace's files and bytes, as its limits count them, and the bytes its history keeps. */
    public record Namespace(String name, long files, long bytes, long historyBytes) {}

    /** Reads the figures of the database at {@code jdbcUrl}. */
    public static DatabaseFigures read(PostgresConnection database) throws IOException {
        try (Connection connection = DriverManager.getConnection(database.jdbcUrl(), database.properties())) {
            connection.setReadOnly(true);
            boolean present = Sql.first(connection, "SELECT to_regclass('memdir.schema_version') IS NOT NULL",
                    row -> row.getBoolean(1)).orElseThrow();
            if (!present) {
                return new DatabaseFigures(0, SchemaMigrations.latestVersion(), List.of());
            }
            int version = Sql.first(connection, "SELECT coalesce(max(version), 0) FROM memdir.schema_version",
                    row -> row.getInt(1)).orElseThrow();
            List<Namespace> namespaces = Sql.list(connection, "SELECT name, files, bytes, history_bytes"
                            + " FROM memdir.namespaces ORDER BY name",
                    row -> new Namespace(row.getString(1), row.getLong(2), row.getLong(3), row.getLong(4)));
            return new DatabaseFigures(version, SchemaMigrations.latestVersion(), namespaces);
        } catch (SQLException e) {
            throw new DatabaseException(e);
        }
    }
}

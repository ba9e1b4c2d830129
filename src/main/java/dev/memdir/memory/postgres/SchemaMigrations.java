package dev.memdir.memory.postgres;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Brings the {@code memdir} schema forward to the version this memdir knows, one numbered SQL file per version,
 * each applied with its version row in one transaction. Versioned DDL of our own rather than a migration library:
 * the store needs only forward migrations, a version check and a lock, which are a few lines here, and a library
 * would load hundreds of classes at every start.
 */
public final class SchemaMigrations {

    /** The migrations in order: the file of version N is the N-th. */
    private static final List<String> FILES = List.of("V1__memory.sql", "V2__redaction.sql", "V3__tokens.sql",
            "V4__redacted_hash.sql", "V5__renamed_to.sql", "V6__namespace_keys.sql",
            "V7__vector_segments.sql");

    /** Serializes memdirs that start together against one database, so that one of them migrates. */
    private static final long LOCK = 0x6d656d646972L;

    private SchemaMigrations() {}

    /** Returns the version this memdir migrates a schema to. */
    static int latestVersion() {
        return FILES.size();
    }

    /**
     * Migrates the schema through {@code connection} (and commits); a schema newer than this memdir's is refused
     * untouched. Public for the token store, which keeps its table in the same schema.
     */
    public static void migrate(Connection connection) throws IOException {
        migrate(connection, latestVersion());
    }

    /** As {@link #migrate(Connection)}, but only up to version {@code target}: as an earlier memdir left it. */
    static void migrate(Connection connection, int target) throws IOException {
        try {
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                statement.execute("SELECT pg_advisory_xact_lock(" + LOCK + ")");
                int current = currentVersion(statement);
                if (current > latestVersion()) {
                    throw new NewerSchemaException(current, latestVersion());
                }
                for (int version = current + 1; version <= target; version++) {
                    statement.execute(sql(FILES.get(version - 1)));
                    statement.execute("INSERT INTO memdir.schema_version (version) VALUES (" + version + ")");
                }
            }
            connection.commit();
        } catch (SQLException e) {
            throw new DatabaseException(e);
        }
    }

    /** Returns the schema's version, 0 for none; creates the schema and its version table when missing. */
    private static int currentVersion(Statement statement) throws SQLException {
        try (ResultSet found = statement.executeQuery("SELECT to_regclass('memdir.schema_version') IS NOT NULL,"
                + " EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'memdir')")) {
            found.next();
            if (found.getBoolean(1)) {
                try (ResultSet version = statement.executeQuery(
                        "SELECT coalesce(max(version), 0) FROM memdir.schema_version")) {
                    version.next();
                    return version.getInt(1);
                }
            }
            if (!found.getBoolean(2)) {
                statement.execute("CREATE SCHEMA memdir");
            }
        }
        statement.execute("CREATE TABLE memdir.schema_version (version integer PRIMARY KEY,"
                + " applied timestamptz NOT NULL DEFAULT now())");
        return 0;
    }

    private static String sql(String file) throws IOException {
        try (InputStream in = SchemaMigrations.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IOException("migration " + file + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

package dev.memdir.memory.postgres;

import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.Namespaces;
import dev.memdir.memory.store.SealChoice;
import java.io.Closeable;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;

/**
 * Sets a namespace up for a store to open it: migrates the schema forward, makes the namespace's row when it is new,
 * and chooses how its contents are kept ({@link SealChoice}), giving a new namespace opened with a key its key record.
 */
final class NamespaceSetUp {

    private NamespaceSetUp() {}

    /**
     * Opens the namespace {@code options} names on {@code database}; the store hears of changes through
     * {@code listening}, takes its turns from {@code turns}, waits at most {@code timeout}, and closes {@code owned}
     * when it is closed.
     */
    static PostgresStore open(DataSource database, ListeningConnection listening, Closeable owned, ChangeTurns turns,
            Duration timeout, PostgresOptions options) throws IOException {
        String namespace = options.namespace();
        if (!Namespaces.isValid(namespace)) {
            throw new IllegalArgumentException("A namespace is " + Namespaces.RULE + ", not " + namespace);
        }
        try (Connection connection = database.getConnection()) {
            SchemaMigrations.migrate(connection);
            Sql.update(connection, "INSERT INTO memdir.namespaces (name) VALUES (?) ON CONFLICT (name) DO NOTHING",
                    namespace);
            long id = Sql.first(connection, "SELECT id FROM memdir.namespaces WHERE name = ?",
                    row -> row.getLong(1), namespace).orElseThrow();
            connection.commit();
            Sql.update(connection, "SET LOCAL lock_timeout = " + timeout.toMillis());
            ContentSeal seal = SealChoice.choose(options.keys(), namespace, new NamespaceKeys(connection, id), true);
            connection.commit();
            return new PostgresStore(new NamespaceTransactions(database, turns.of(id), timeout), listening, owned,
                    id, options, seal);
        } catch (SQLException e) {
            throw new DatabaseException(e);
        }
    }
}

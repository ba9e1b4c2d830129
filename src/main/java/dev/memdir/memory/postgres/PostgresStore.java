package dev.memdir.memory.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.memdir.memory.CommandException;
import dev.memdir.memory.HistoryLimits;
import dev.memdir.memory.MemoryStore;
import dev.memdir.memory.Namespaces;
import dev.memdir.memory.StoreLimits;
import dev.memdir.memory.StoreWork;
import dev.memdir.memory.Usage;
import java.io.Closeable;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * A memory in a PostgreSQL database: one namespace of the {@code memdir} schema, which many memdir processes on
 * many machines share. A change is one transaction that first locks the namespace's row, so the changes of one
 * namespace never interleave and a rename of a directory or a delete of a tree is seen whole or not at all; a read
 * is one read-only snapshot.
 */
public final class PostgresStore implements MemoryStore {

    private static final int POOL_SIZE = 4;

    private final DataSource database;
    private final Closeable owned;
    private final long namespace;
    private final String namespaceName;
    private final StoreLimits limits;
    private final HistoryLimits historyLimits;
    private final String actor;

    private PostgresStore(DataSource database, Closeable owned, long namespace, String namespaceName,
            StoreLimits limits, HistoryLimits historyLimits, String actor) {
        this.database = database;
        this.owned = owned;
        this.namespace = namespace;
        this.namespaceName = namespaceName;
        this.limits = limits;
        this.historyLimits = historyLimits;
        this.actor = actor;
    }

    /**
     * Opens the namespace {@code namespace} of the database {@code connection} reaches through a small pool of its
     * own, which {@link #close} closes; see {@link #open(DataSource, String, StoreLimits, HistoryLimits, String)}.
     */
    public static PostgresStore open(PostgresConnection connection, String namespace, StoreLimits limits,
            HistoryLimits historyLimits, String actor) throws IOException {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(connection.jdbcUrl());
        config.setDataSourceProperties(connection.properties());
        // A call waits no longer than the store timeout for a connection (the pool's floor is 250 ms).
        config.setConnectionTimeout(Math.max(250, connection.storeTimeout().toMillis()));
        config.setPoolName("memdir");
        config.setMaximumPoolSize(POOL_SIZE);
        config.setMinimumIdle(1);
        HikariDataSource pool;
        try {
            pool = new HikariDataSource(config);
        } catch (RuntimeException unreachable) {
            throw new IOException("cannot reach the database: " + unreachable.getMessage(), unreachable);
        }
        try {
            return open(pool, pool, namespace, limits, historyLimits, actor);
        } catch (IOException | RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    /**
     * Opens the namespace {@code namespace} of {@code database} (which the caller keeps and closes): migrates the
     * schema forward, makes the namespace when it is new; the history names {@code actor} as the writer of what
     * it keeps.
     */
    public static PostgresStore open(DataSource database, String namespace, StoreLimits limits,
            HistoryLimits historyLimits, String actor) throws IOException {
        return open(database, () -> {}, namespace, limits, historyLimits, actor);
    }

    private static PostgresStore open(DataSource database, Closeable owned, String namespace, StoreLimits limits,
            HistoryLimits historyLimits, String actor) throws IOException {
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
            return new PostgresStore(database, owned, id, namespace, limits, historyLimits, actor);
        } catch (SQLException e) {
            throw new DatabaseException(e);
        }
    }

    @Override
    public <T> T change(StoreWork<T> work) throws IOException, CommandException {
        try (Connection connection = database.getConnection()) {
            connection.setAutoCommit(false);
            try {
                NamespaceFiles.Totals totals = Sql.first(connection, "SELECT files, bytes, history_bytes"
                                + " FROM memdir.namespaces WHERE id = ? FOR NO KEY UPDATE",
                        row -> new NamespaceFiles.Totals(new Usage(row.getLong(1), row.getLong(2)), row.getLong(3)),
                        namespace).orElseThrow(() -> new IOException("the namespace was dropped from the database"));
                NamespaceFiles files = files(connection, totals, true);
                T result = work.run(files);
                NamespaceFiles.Totals after = files.totals();
                if (!after.equals(totals)) {
                    Sql.update(connection, "UPDATE memdir.namespaces SET files = ?, bytes = ?, history_bytes = ?"
                            + " WHERE id = ?", after.usage().files(), after.usage().bytes(), after.historyBytes(),
                            namespace);
                }
                connection.commit();
                return result;
            } catch (IOException | CommandException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new DatabaseException(e);
        }
    }

    @Override
    public <T> T read(StoreWork<T> work) throws IOException, CommandException {
        try (Connection connection = database.getConnection()) {
            connection.setAutoCommit(false);
            connection.setReadOnly(true);
            connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            try {
                return work.run(files(connection, null, false));
            } finally {
                connection.rollback();
            }
        } catch (SQLException e) {
            throw new DatabaseException(e);
        }
    }

    @Override
    public String location() {
        return "PostgreSQL namespace " + namespaceName;
    }

    @Override
    public Usage usage() throws IOException {
        try (Connection connection = database.getConnection()) {
            return Sql.first(connection, "SELECT files, bytes FROM memdir.namespaces WHERE id = ?",
                    row -> new Usage(row.getLong(1), row.getLong(2)), namespace).orElse(new Usage(0, 0));
        } catch (SQLException e) {
            throw new DatabaseException(e);
        }
    }

    private NamespaceFiles files(Connection connection, NamespaceFiles.Totals totals, boolean changing) {
        return new NamespaceFiles(new EntryRows(connection, namespace),
                new HistoryRows(connection, namespace, historyLimits, actor), limits, totals, changing);
    }

    @Override
    public void close() throws IOException {
        owned.close();
    }
}

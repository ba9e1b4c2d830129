package dev.memdir.memory.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.memdir.memory.CommandException;
import dev.memdir.memory.HistoryLimits;
import dev.memdir.memory.MemoryChanges;
import dev.memdir.memory.MemoryStore;
import dev.memdir.memory.StoreLimits;
import dev.memdir.memory.StoreWork;
import dev.memdir.memory.Usage;
import java.io.Closeable;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A memory in a PostgreSQL database: one namespace of the {@code memdir} schema, which many memdir processes on
 * many machines share. A change is one transaction that first locks the namespace's row, so the changes of one
 * namespace never interleave and a rename of a directory or a delete of a tree is seen whole or not at all; a read
 * is one read-only snapshot.
 */
public final class PostgresStore implements MemoryStore {

    private static final Pattern NAMESPACE = Pattern.compile("[A-Za-z0-9._/-]{1,200}");
    private static final int POOL_SIZE = 4;

    private final DataSource database;
    private final DataSource listening;
    private final Closeable owned;
    private final long namespace;
    private final String namespaceName;
    private final StoreLimits limits;
    private final HistoryLimits historyLimits;
    private final String actor;
    private final AtomicLong changesMade = new AtomicLong();

    private PostgresStore(DataSource database, DataSource listening, Closeable owned, long namespace,
            String namespaceName, StoreLimits limits, HistoryLimits historyLimits, String actor) {
        this.database = database;
        this.listening = listening;
        this.owned = owned;
        this.namespace = namespace;
        this.namespaceName = namespaceName;
        this.limits = limits;
        this.historyLimits = historyLimits;
        this.actor = actor;
    }

    /**
     * Opens the namespace {@code namespace} of the database at {@code jdbcUrl} through a small pool of its own,
     * which {@link #close} closes, and listens for changes on connections of its own; see
     * {@link #open(DataSource, DataSource, String, StoreLimits, HistoryLimits, String)}.
     */
    public static PostgresStore open(String jdbcUrl, String namespace, StoreLimits limits,
            HistoryLimits historyLimits, String actor) throws IOException {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        config.setPoolName("memdir");
        config.setMaximumPoolSize(POOL_SIZE);
        config.setMinimumIdle(1);
        HikariDataSource pool;
        try {
            pool = new HikariDataSource(config);
        } catch (RuntimeException unreachable) {
            throw new IOException("cannot reach the database: " + unreachable.getMessage(), unreachable);
        }
        PGSimpleDataSource listening = new PGSimpleDataSource();
        listening.setURL(jdbcUrl);
        try {
            return open(pool, listening, pool, namespace, limits, historyLimits, actor);
        } catch (IOException | RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    /**
     * Opens the namespace {@code namespace} of {@code database} (which the caller keeps and closes): migrates the
     * schema forward, makes the namespace when it is new; the history names {@code actor} as the writer of what
     * it keeps. Each {@link #watch} holds a connection of {@code listening} for as long as it runs, so it should
     * be a source of new connections, not a pool.
     */
    public static PostgresStore open(DataSource database, DataSource listening, String namespace, StoreLimits limits,
            HistoryLimits historyLimits, String actor) throws IOException {
        return open(database, listening, () -> {}, namespace, limits, historyLimits, actor);
    }

    private static PostgresStore open(DataSource database, DataSource listening, Closeable owned, String namespace,
            StoreLimits limits, HistoryLimits historyLimits, String actor) throws IOException {
        if (!NAMESPACE.matcher(namespace).matches() || namespace.contains("..")) {
            throw new IllegalArgumentException("A namespace is 1-200 characters of A-Z a-z 0-9 . _ / - without '..',"
                    + " not " + namespace);
        }
        try (Connection connection = database.getConnection()) {
            SchemaMigrations.migrate(connection);
            Sql.update(connection, "INSERT INTO memdir.namespaces (name) VALUES (?) ON CONFLICT (name) DO NOTHING",
                    namespace);
            long id = Sql.first(connection, "SELECT id FROM memdir.namespaces WHERE name = ?",
                    row -> row.getLong(1), namespace).orElseThrow();
            connection.commit();
            return new PostgresStore(database, listening, owned, id, namespace, limits, historyLimits, actor);
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
                if (!files.changed().isEmpty()) {
                    ChangeNotices.send(connection, namespace, files.changed());
                }
                connection.commit();
                changesMade.incrementAndGet();
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

    @Override
    public long changesMade() {
        return changesMade.get();
    }

    /** Hears of the changes of every store on this namespace through a connection of its own. */
    @Override
    public Closeable watch(Consumer<MemoryChanges> listener) throws IOException {
        return NamespaceListener.start(listening, namespace, listener);
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

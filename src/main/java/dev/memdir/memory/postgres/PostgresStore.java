package dev.memdir.memory.postgres;

import dev.memdir.memory.render.FaultMessages;
import dev.memdir.memory.render.KeyMessages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.Namespaces;
import dev.memdir.memory.store.SealChoice;
import dev.memdir.memory.store.SealRefusedException;
import dev.memdir.memory.store.SealedShelf;
import dev.memdir.memory.store.StoreFault;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.memory.store.StoreTurns;
import dev.memdir.memory.store.StoreWork;
import dev.memdir.memory.store.TableFiles;
import dev.memdir.memory.store.Usage;
import java.io.Closeable;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * A memory in a PostgreSQL database: one namespace of the {@code memdir} schema, which many memdir processes on
 * many machines share. A change is one transaction that first locks the namespace's row, so the changes of one
 * namespace never interleave and a rename of a directory or a delete of a tree is seen whole or not at all; a read
 * is one read-only snapshot. A namespace with a key record is encrypted: its contents are sealed under its data key,
 * which the key given at open unwraps ({@link SealChoice}).
 */
public final class PostgresStore implements MemoryStore {

    private static final int POOL_SIZE = 4;
    /** How long a call waits for a connection, the namespace's lock or a read's answer, unless told otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    /** The least a change waits for the row lock after its turn (0 would mean no limit at all). */
    private static final Duration MIN_LOCK_WAIT = Duration.ofMillis(1);

    private final DataSource database;
    private final ListeningConnection listening;
    private final Closeable owned;
    private final long namespace;
    private final String namespaceName;
    private final StoreLimits limits;
    private final HistoryLimits historyLimits;
    private final String actor;
    private final Duration timeout;
    private final DatabaseFaults faults;
    private final ReentrantLock turn;
    private final AtomicLong changesMade = new AtomicLong();
    private final Optional<MemoryKeys> keys;
    /** Replaced only by {@link #rotateKeys}, in the namespace's turn. */
    private volatile ContentSeal seal;

    private PostgresStore(DataSource database, ListeningConnection listening, Closeable owned, long namespace,
            String namespaceName, StoreLimits limits, HistoryLimits historyLimits, String actor, Duration timeout,
            ReentrantLock turn, Optional<MemoryKeys> keys, ContentSeal seal) {
        this.database = database;
        this.listening = listening;
        this.owned = owned;
        this.namespace = namespace;
        this.namespaceName = namespaceName;
        this.limits = limits;
        this.historyLimits = historyLimits;
        this.actor = actor;
        this.timeout = timeout;
        this.faults = new DatabaseFaults(timeout);
        this.turn = turn;
        this.keys = keys;
        this.seal = seal;
    }

    /** Opens the namespace with the {@link #DEFAULT_TIMEOUT}; see the overload that takes a timeout. */
    public static PostgresStore open(String jdbcUrl, String namespace, StoreLimits limits,
            HistoryLimits historyLimits, String actor) throws IOException {
        return open(jdbcUrl, namespace, limits, historyLimits, actor, DEFAULT_TIMEOUT);
    }

    /**
     * Opens the namespace {@code namespace} of the database at {@code jdbcUrl} (no password, no TLS settings) with
     * the store timeout {@code storeTimeout}; see {@link #open(PostgresConnection, String, StoreLimits,
     * HistoryLimits, String)}.
     */
    public static PostgresStore open(String jdbcUrl, String namespace, StoreLimits limits,
            HistoryLimits historyLimits, String actor, Duration storeTimeout) throws IOException {
        return open(new PostgresConnection(jdbcUrl, new Properties(), storeTimeout), namespace, limits, historyLimits,
                actor);
    }

    /**
     * Opens the namespace {@code namespace} of the database {@code connection} reaches through a small pool of its
     * own and a listening connection of its own, which {@link #close} closes; see {@link PostgresDatabase} for many
     * namespaces on one pool. A call waits at most the connection's store timeout for a connection, for the
     * namespace's lock and for a read's answer, then answers that the store is busy or unavailable; a connection the
     * database dropped is replaced by the pool, so the store works again by itself once the database is back.
     */
    public static PostgresStore open(PostgresConnection connection, String namespace, StoreLimits limits,
            HistoryLimits historyLimits, String actor) throws IOException {
        return open(connection, namespace, limits, historyLimits, actor, Optional.empty());
    }

    /**
     * As {@link #open(PostgresConnection, String, StoreLimits, HistoryLimits, String)}, with the key-encryption key
     * {@code keys}: an encrypted namespace needs it, a plain one that holds anything refuses it, and a new one
     * opened with it is encrypted ({@link SealChoice}).
     */
    public static PostgresStore open(PostgresConnection connection, String namespace, StoreLimits limits,
            HistoryLimits historyLimits, String actor, Optional<MemoryKeys> keys) throws IOException {
        PostgresDatabase database = PostgresDatabase.open(connection, POOL_SIZE, 1);
        try {
            return database.open(namespace, limits, historyLimits, actor, keys, database);
        } catch (IOException | RuntimeException e) {
            database.close();
            throw e;
        }
    }

    /**
     * Opens the namespace {@code namespace} of {@code database} (which the caller keeps and closes): migrates the
     * schema forward, makes the namespace when it is new; the history names {@code actor} as the writer of what
     * it keeps. The store hears of changes through one connection of {@code listening}, made at its first
     * {@link #watch} and closed by {@link #close}, so {@code listening} should be a source of new connections, not a
     * pool.
     */
    public static PostgresStore open(DataSource database, DataSource listening, String namespace, StoreLimits limits,
            HistoryLimits historyLimits, String actor) throws IOException {
        return open(database, listening, namespace, limits, historyLimits, actor, Optional.empty());
    }

    /**
     * As {@link #open(DataSource, DataSource, String, StoreLimits, HistoryLimits, String)}, with the key
     * {@code keys}.
     */
    public static PostgresStore open(DataSource database, DataSource listening, String namespace, StoreLimits limits,
            HistoryLimits historyLimits, String actor, Optional<MemoryKeys> keys) throws IOException {
        ListeningConnection heard = new ListeningConnection(listening);
        try {
            return open(database, heard, heard, new ChangeTurns(), namespace, limits, historyLimits, actor,
                    DEFAULT_TIMEOUT, keys);
        } catch (IOException | RuntimeException e) {
            heard.close();
            throw e;
        }
    }

    static PostgresStore open(DataSource database, ListeningConnection listening, Closeable owned, ChangeTurns turns,
            String namespace, StoreLimits limits, HistoryLimits historyLimits, String actor, Duration timeout,
            Optional<MemoryKeys> keys) throws IOException {
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
            ContentSeal seal = SealChoice.choose(keys, namespace, new NamespaceKeys(connection, id), true);
            connection.commit();
            return new PostgresStore(database, listening, owned, id, namespace, limits, historyLimits, actor,
                    timeout, turns.of(id), keys, seal);
        } catch (SQLException e) {
            throw new DatabaseException(e);
        }
    }

    /**
     * Runs {@code work} as one change: first this process's turn on the namespace ({@link ChangeTurns}), then the
     * namespace's row lock, the two waits together at most the timeout.
     */
    @Override
    public <T> T change(StoreWork<T> work) throws IOException, CommandException {
        long waitedFrom = System.nanoTime();
        StoreTurns.take(turn, timeout, FaultMessages.storeLocked(timeout));
        try {
            Duration lockWait = timeout.minusNanos(System.nanoTime() - waitedFrom);
            return changeInTurn(work, lockWait.compareTo(MIN_LOCK_WAIT) < 0 ? MIN_LOCK_WAIT : lockWait);
        } finally {
            turn.unlock();
        }
    }

    private <T> T changeInTurn(StoreWork<T> work, Duration lockWait) throws IOException, CommandException {
        T done = transaction(false, lockWait, connection -> {
            TableFiles.Totals totals = lock(connection);
            TableFiles files = files(connection, totals, true);
            T result = work.run(files);
            TableFiles.Totals after = files.totals();
            if (!after.equals(totals)) {
                Sql.update(connection, "UPDATE memdir.namespaces SET files = ?, bytes = ?, history_bytes = ?"
                        + " WHERE id = ?", after.usage().files(), after.usage().bytes(), after.historyBytes(),
                        namespace);
            }
            if (!files.changed().isEmpty()) {
                // In the transaction: the notice goes out when the change commits, and never when it does not.
                ChangeNotices.send(connection, namespace, files.changed());
            }
            return result;
        });
        changesMade.incrementAndGet();
        return done;
    }

    /**
     * Locks the namespace's row and returns its totals; a namespace that became encrypted since this store opened
     * it (or lost its key record) is refused, so that no content is kept other than its key record says.
     */
    private TableFiles.Totals lock(Connection connection) throws IOException {
        TableFiles.Totals totals = Sql.first(connection, "SELECT files, bytes, history_bytes"
                        + " FROM memdir.namespaces WHERE id = ? FOR NO KEY UPDATE",
                row -> new TableFiles.Totals(new Usage(row.getLong(1), row.getLong(2)), row.getLong(3)),
                namespace).orElseThrow(() -> new IOException("the namespace was dropped from the database"));
        boolean encrypted = new NamespaceKeys(connection, namespace).read().isPresent();
        if (encrypted != seal.seals()) {
            throw new StoreFault(KeyMessages.keyRecordChanged(), null);
        }
        return totals;
    }

    /**
     * Wraps the namespace's data key again under the newest key-encryption key of the key this store was opened
     * with; with {@code reseal}, adds a new primary data key and seals every file and kept version again under it.
     * One transaction (a kill leaves the namespace as it was or rotated whole), in the namespace's turn; returns how
     * many contents were sealed again. The vector segments are sealed again after it, each replaced on its own. Other
     * processes open the namespace again (restart) to read what was sealed again: the data key they hold lacks the
     * new primary.
     */
    public long rotateKeys(boolean reseal) throws IOException {
        if (keys.isEmpty() || !seal.seals()) {
            throw new SealRefusedException(KeyMessages.notEncrypted(), null);
        }
        StoreTurns.take(turn, timeout, FaultMessages.storeLocked(timeout));
        ContentSeal before = seal;
        long sealed;
        try {
            sealed = transaction(false, timeout, connection -> {
                lock(connection);
                NamespaceKeys record = new NamespaceKeys(connection, namespace);
                byte[] rewrapped = keys.get().rewrap(namespaceName, record.read().orElseThrow(), reseal);
                record.replace(rewrapped);
                // The new data key opens what the old one sealed, so reads may use it before the commit.
                seal = keys.get().seal(namespaceName, rewrapped);
                return reseal ? KeyRotation.reseal(connection, namespace, seal) : 0L;
            });
        } catch (IOException | RuntimeException e) {
            seal = before;
            throw e;
        } catch (CommandException impossible) {
            seal = before;
            throw new AssertionError(impossible);
        } finally {
            turn.unlock();
        }
        if (reseal) {
            vectors().sealAgain();
        }
        return sealed;
    }

    @Override
    public <T> T read(StoreWork<T> work) throws IOException, CommandException {
        return transaction(true, timeout, connection -> work.run(files(connection, null, false)));
    }

    /** One transaction's work on its connection. */
    @FunctionalInterface
    interface Transaction<T> {
        T run(Connection connection) throws IOException, CommandException;
    }

    /**
     * Runs {@code work} as one transaction, committed when it changes and succeeds, else rolled back. A change
     * waits for a lock at most {@code wait}; a read, a snapshot that takes no lock of ours, waits for its answer
     * at most {@code wait}. What the database or the pool threw comes out sorted by {@link DatabaseFaults}.
     */
    private <T> T transaction(boolean reading, Duration wait, Transaction<T> work)
            throws IOException, CommandException {
        try (Connection connection = database.getConnection()) {
            connection.setAutoCommit(false);
            connection.setReadOnly(reading);
            try {
                // The isolation is the transaction's, not the connection's: setTransactionIsolation would cost a
                // round trip, and the pool's reset of it on return another, on every read.
                try (Statement settings = connection.createStatement()) {
                    settings.execute(reading
                            ? "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ; SET LOCAL statement_timeout = "
                                    + wait.toMillis()
                            : "SET LOCAL lock_timeout = " + wait.toMillis());
                }
                T result = work.run(connection);
                if (reading) {
                    connection.rollback();
                } else {
                    commit(connection);
                }
                return result;
            } catch (IOException | CommandException | SQLException | RuntimeException e) {
                rollback(connection, e);
                throw e;
            }
        } catch (SQLException e) {
            throw faults.of(e);
        } catch (DatabaseException e) {
            throw faults.of(e.failure());
        }
    }

    private void commit(Connection connection) throws IOException {
        try {
            connection.commit();
        } catch (SQLException e) {
            throw faults.ofCommit(e);
        }
    }

    /** Rolls back after {@code failure}; on a connection that is gone the database has already done so. */
    private static void rollback(Connection connection, Exception failure) {
        try {
            connection.rollback();
        } catch (SQLException alsoFailed) {
            failure.addSuppressed(alsoFailed);
        }
    }

    @Override
    public String location() {
        return "PostgreSQL namespace " + namespaceName;
    }

    @Override
    public Usage usage() throws IOException {
        return transactionOfItsOwn(true, connection -> Sql.first(connection,
                "SELECT files, bytes FROM memdir.namespaces WHERE id = ?",
                row -> new Usage(row.getLong(1), row.getLong(2)), namespace).orElse(new Usage(0, 0)));
    }

    /** Runs {@code work}, which runs no command, as a transaction of its own within the store timeout. */
    <T> T transactionOfItsOwn(boolean reading, Transaction<T> work) throws IOException {
        try {
            return transaction(reading, timeout, work);
        } catch (CommandException impossible) {
            throw new AssertionError(impossible);
        }
    }

    /** Keeps the vector segments in {@code memdir.vector_segments}, apart from the entries ({@link VectorRows}). */
    @Override
    public SealedShelf vectors() {
        return new SealedShelf(new VectorRows(this, namespace), () -> seal, location());
    }

    long namespaceId() {
        return namespace;
    }

    @Override
    public long changesMade() {
        return changesMade.get();
    }

    /** Hears of the changes of every store on this namespace through the listening connection. */
    @Override
    public Closeable watch(Consumer<MemoryChanges> listener) throws IOException {
        return listening.watch(namespace, listener);
    }

    private TableFiles files(Connection connection, TableFiles.Totals totals, boolean changing) {
        ContentSeal sealing = seal;
        return new TableFiles(new EntryRows(connection, namespace, sealing),
                new HistoryRows(connection, namespace, historyLimits, actor, sealing), limits, totals, changing);
    }

    @Override
    public void close() throws IOException {
        owned.close();
    }
}

package dev.memdir.memory.postgres;

import dev.memdir.memory.render.KeyMessages;
import dev.memdir.memory.store.ChangeFeed;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.SealChoice;
import dev.memdir.memory.store.SealRefusedException;
import dev.memdir.memory.store.SealedShelf;
import dev.memdir.memory.store.StoreFault;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.memory.store.StoreWork;
import dev.memdir.memory.store.TableFiles;
import dev.memdir.memory.store.Usage;
import java.io.Closeable;
import java.io.IOException;
import java.sql.Connection;
import java.time.Duration;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * A memory in a PostgreSQL database: one namespace of the {@code memdir} schema, which many memdir processes on
 * many machines share. A change is one transaction that first locks the namespace's row, so the changes of one
 * namespace never interleave and a rename of a directory or a delete of a tree is seen whole or not at all; a read
 * is one read-only snapshot. A namespace with a key record is encrypted: its contents are sealed under its data key,
 * which the key given at open unwraps ({@link SealChoice}).
 *
 * <p>A facade: {@link NamespaceSetUp} readies the namespace at open, {@link NamespaceTransactions} runs each call's
 * transaction in the namespace's turn and within the timeout.
 */
public final class PostgresStore implements MemoryStore {

    private static final int POOL_SIZE = 4;
    /** How long a call waits for a connection, the namespace's lock or a read's answer, unless told otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

    private final NamespaceTransactions transactions;
    private final Closeable owned;
    private final long namespace;
    private final String namespaceName;
    private final StoreLimits limits;
    private final HistoryLimits historyLimits;
    private final String actor;
    /** Hears the changes of every store on this namespace through the listening connection. */
    private final ChangeFeed changes;
    private final Optional<MemoryKeys> keys;
    /** Replaced only by {@link #rotateKeys}, in the namespace's turn. */
    private volatile ContentSeal seal;

    PostgresStore(NamespaceTransactions transactions, ListeningConnection listening, Closeable owned, long namespace,
            PostgresOptions options, ContentSeal seal) {
        this.transactions = transactions;
        this.owned = owned;
        this.namespace = namespace;
        this.namespaceName = options.namespace();
        this.limits = options.limits();
        this.historyLimits = options.history();
        this.actor = options.actor();
        this.keys = options.keys();
        this.seal = seal;
        this.changes = new ChangeFeed(heard -> listening.watch(namespace, heard));
    }

    /**
     * Opens the namespace {@code options} names in the database {@code connection} reaches, through a small pool of
     * its own and a listening connection of its own, which {@link #close} closes; see {@link PostgresDatabase} for
     * many namespaces on one pool. A call waits at most the connection's store timeout for a connection, for the
     * namespace's lock and for a read's answer, then answers that the store is busy or unavailable; a connection the
     * database dropped is replaced by the pool, so the store works again by itself once the database is back.
     */
    public static PostgresStore open(PostgresConnection connection, PostgresOptions options) throws IOException {
        PostgresDatabase database = PostgresDatabase.open(connection, POOL_SIZE, 1);
        try {
            return database.open(options, database);
        } catch (IOException | RuntimeException e) {
            database.close();
            throw e;
        }
    }

    /**
     * Opens the namespace {@code options} names on the pool {@code database}, which the caller keeps and closes, with
     * the {@link #DEFAULT_TIMEOUT}. The store hears of changes through one connection of {@code listening}, made for
     * the first listener of its {@link #changes} and closed by {@link #close}, so {@code listening} should be a
     * source of new connections, not a pool.
     */
    static PostgresStore open(DataSource database, DataSource listening, PostgresOptions options) throws IOException {
        ListeningConnection heard = new ListeningConnection(listening);
        try {
            return NamespaceSetUp.open(database, heard, heard, new ChangeTurns(), DEFAULT_TIMEOUT, options);
        } catch (IOException | RuntimeException e) {
            heard.close();
            throw e;
        }
    }

    /** Runs {@code work} as one change, in the namespace's turn and under its row lock. */
    @Override
    public <T> T change(StoreWork<T> work) throws IOException, CommandException {
        T done = transactions.change(connection -> {
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
        changes.made();
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
        ContentSeal before = seal;
        long sealed;
        try {
            sealed = transactions.change(connection -> {
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
        }
        if (reseal) {
            vectors().sealAgain();
        }
        return sealed;
    }

    @Override
    public <T> T read(StoreWork<T> work) throws IOException, CommandException {
        return transactions.read(connection -> work.run(files(connection, null, false)));
    }

    @Override
    public String location() {
        return "PostgreSQL namespace " + namespaceName;
    }

    @Override
    public Usage usage() throws IOException {
        return transactions.ofItsOwn(true, connection -> Sql.first(connection,
                "SELECT files, bytes FROM memdir.namespaces WHERE id = ?",
                row -> new Usage(row.getLong(1), row.getLong(2)), namespace).orElse(new Usage(0, 0)));
    }

    /** Keeps the vector segments in {@code memdir.vector_segments}, apart from the entries ({@link VectorRows}). */
    @Override
    public SealedShelf vectors() {
        return new SealedShelf(new VectorRows(transactions, namespace), () -> seal, location());
    }

    long namespaceId() {
        return namespace;
    }

    @Override
    public ChangeFeed changes() {
        return changes;
    }

    private TableFiles files(Connection connection, TableFiles.Totals totals, boolean changing) {
        ContentSeal sealing = seal;
        return new TableFiles(new EntryRows(connection, namespace, sealing),
                new HistoryRows(connection, namespace, historyLimits, actor, sealing), limits, totals, changing);
    }

    @Override
    public void close() throws IOException {
        changes.close();
        owned.close();
    }
}

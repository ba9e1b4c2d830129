package dev.memdir.memory.postgres;

import com.zaxxer.hikari.HikariDataSource;
import java.io.Closeable;
import java.io.IOException;
import java.sql.SQLException;
import java.util.concurrent.locks.ReentrantLock;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * One PostgreSQL database as one process reaches it: a pool of connections and one listening connection, shared by
 * the stores of every namespace opened through it, so a process that serves many namespaces holds at most
 * {@link #SHARED_POOL_SIZE} plus one connections however many it serves.
 */
public final class PostgresDatabase implements Closeable {

    /**
     * The pool of a process that serves many namespaces: a call holds a connection for one short transaction, so ten
     * carry many namespaces' calls at once, and ten servers fit a default {@code max_connections} of 100 many times.
     */
    public static final int SHARED_POOL_SIZE = 10;

    private final PostgresConnection connection;
    private final HikariDataSource pool;
    private final ListeningConnection listening;
    private final ChangeTurns turns = new ChangeTurns();

    private PostgresDatabase(PostgresConnection connection, HikariDataSource pool, ListeningConnection listening) {
        this.connection = connection;
        this.pool = pool;
        this.listening = listening;
    }

    /** Opens the database {@code connection} reaches with a pool of {@link #SHARED_POOL_SIZE}. */
    public static PostgresDatabase open(PostgresConnection connection) throws IOException {
        return open(connection, SHARED_POOL_SIZE, 1);
    }

    /** Opens the database with a pool of at most {@code size} connections, {@code idle} of them kept open. */
    static PostgresDatabase open(PostgresConnection connection, int size, int idle) throws IOException {
        HikariDataSource pool = ConnectionPool.open(connection, "memdir", size, idle);
        try {
            return new PostgresDatabase(connection, pool, new ListeningConnection(unpooled(connection)));
        } catch (IOException | RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    /** A source of new connections (no pool: the listening connection is held for good) to the same database. */
    private static DataSource unpooled(PostgresConnection connection) throws IOException {
        PGSimpleDataSource listening = new PGSimpleDataSource();
        listening.setURL(connection.jdbcUrl());
        try {
            for (String name : connection.properties().stringPropertyNames()) {
                listening.setProperty(name, connection.properties().getProperty(name));
            }
        } catch (SQLException unknownProperty) {
            throw new DatabaseException(unknownProperty);
        }
        return listening;
    }

    /**
     * Opens the namespace {@code options} names on this database's connections; closing the store leaves them open,
     * and closing its watches UNLISTENs.
     */
    public PostgresStore open(PostgresOptions options) throws IOException {
        return open(options, () -> { });
    }

    /** Opens a store that closes {@code owned} when it is closed. */
    PostgresStore open(PostgresOptions options, Closeable owned) throws IOException {
        return NamespaceSetUp.open(pool, listening, owned, turns, connection.storeTimeout(), options);
    }

    @Override
    public void close() {
        listening.close();
        pool.close();
    }

    /** Returns the turn the changes of {@code store}'s namespace take in this process (for tests). */
    ReentrantLock turnOf(PostgresStore store) {
        return turns.of(store.namespaceId());
    }
}

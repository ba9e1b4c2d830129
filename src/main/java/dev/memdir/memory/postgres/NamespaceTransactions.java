package dev.memdir.memory.postgres;

import dev.memdir.memory.render.FaultMessages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.StoreTurns;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;
import javax.sql.DataSource;

/**
 * Runs one namespace's transactions on the pool, each within the store timeout: a change in this process's turn on
 * the namespace ({@link ChangeTurns}), then waiting for the row lock at most what is left of the timeout; a read as a
 * snapshot that takes no lock of ours. What the database or the pool threw comes out sorted by {@link DatabaseFaults}.
 */
final class NamespaceTransactions {

    /** The least a change waits for the row lock after its turn (0 would mean no limit at all). */
    private static final Duration MIN_LOCK_WAIT = Duration.ofMillis(1);

    private final DataSource database;
    private final ReentrantLock turn;
    private final Duration timeout;
    private final DatabaseFaults faults;

    NamespaceTransactions(DataSource database, ReentrantLock turn, Duration timeout) {
        this.database = database;
        this.turn = turn;
        this.timeout = timeout;
        this.faults = new DatabaseFaults(timeout);
    }

    /** One transaction's work on its connection. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection connection) throws IOException, CommandException;
    }

    /** Runs {@code work} as one change: the turn and the row lock's wait together take at most the timeout. */
    <T> T change(Work<T> work) throws IOException, CommandException {
        long waitedFrom = System.nanoTime();
        StoreTurns.take(turn, timeout, FaultMessages.storeLocked(timeout));
        try {
            Duration lockWait = timeout.minusNanos(System.nanoTime() - waitedFrom);
            return run(false, lockWait.compareTo(MIN_LOCK_WAIT) < 0 ? MIN_LOCK_WAIT : lockWait, work);
        } finally {
            turn.unlock();
        }
    }

    /** Runs {@code work} as one read-only snapshot. */
    <T> T read(Work<T> work) throws IOException, CommandException {
        return run(true, timeout, work);
    }

    /** Runs {@code work}, which runs no command, as a transaction of its own, outside the turn. */
    <T> T ofItsOwn(boolean reading, Work<T> work) throws IOException {
        try {
            return run(reading, timeout, work);
        } catch (CommandException impossible) {
            throw new AssertionError(impossible);
        }
    }

    /**
     * Runs {@code work} as one transaction, committed when it changes and succeeds, else rolled back. A change
     * waits for a lock at most {@code wait}; a read waits for its answer at most {@code wait}.
     */
    private <T> T run(boolean reading, Duration wait, Work<T> work) throws IOException, CommandException {
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
}

package dev.memdir.memory.postgres;

import dev.memdir.Eventually;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/** Another session's open transaction that holds a lock until closed, as a writer stuck mid-change would. */
public final class RowLock implements AutoCloseable {

    private final String jdbcUrl;
    private final Connection connection;

    private RowLock(String jdbcUrl, Connection connection) {
        this.jdbcUrl = jdbcUrl;
        this.connection = connection;
    }

    /** Opens a transaction on {@code jdbcUrl} that runs {@code lockingSql} and keeps what it locked. */
    public static RowLock hold(String jdbcUrl, String lockingSql) throws SQLException {
        Connection connection = DriverManager.getConnection(jdbcUrl);
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            statement.execute(lockingSql);
        }
        return new RowLock(jdbcUrl, connection);
    }

    /** Waits until some other session of the database waits for a lock, for at most {@code patience}. */
    void awaitAWaiter(Duration patience) throws SQLException, InterruptedException {
        try (Connection watcher = DriverManager.getConnection(jdbcUrl);
                Statement statement = watcher.createStatement()) {
            Eventually.until("a session waiting for the lock", patience, () -> {
                try (ResultSet waiting = statement.executeQuery("SELECT count(*) FROM pg_stat_activity"
                        + " WHERE wait_event_type = 'Lock' AND datname = current_database()")) {
                    waiting.next();
                    return waiting.getInt(1) > 0;
                }
            });
        }
    }

    /** Ends the sessions that wait for a lock, as a database administrator (or a dying server) would. */
    void endTheWaiters() throws SQLException {
        try (Connection admin = DriverManager.getConnection(jdbcUrl); Statement statement = admin.createStatement()) {
            statement.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    + " WHERE wait_event_type = 'Lock' AND datname = current_database()");
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            connection.rollback();
        } catch (SQLException gone) {
            // The server was stopped under it: the transaction is over already.
        }
        connection.close();
    }
}

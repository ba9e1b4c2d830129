package dev.memdir.memory.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.store.StoreFault;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Which answer each failure of the driver or the pool becomes: SQLSTATEs and socket causes, one by one. */
class DatabaseFaultsTest {

    private final DatabaseFaults faults = new DatabaseFaults(Duration.ofMillis(2500));

    private static String unavailable(String reason) {
        return "Error: memory store unavailable (" + reason + "). Nothing was changed.";
    }

    @Test
    void lockTimeout_isAnotherWriterHoldingTheMemory() {
        assertThat(faults.of(new SQLException("canceling statement due to lock timeout", "55P03")))
                .isInstanceOf(StoreFault.class).hasMessage("Error: memory store busy (another writer held the memory"
                        + " for more than 2.5 s). Nothing was changed.");
    }

    @Test
    void statementTimeoutAndAPoolWithNoConnectionFree_areADatabaseThatDidNotAnswer() {
        String slow = "Error: memory store busy (the database did not answer within 2.5 s). Nothing was changed.";
        assertThat(faults.of(new SQLException("canceling statement due to statement timeout", "57014")))
                .hasMessage(slow);
        assertThat(faults.of(new SQLTransientConnectionException("memdir - Connection is not available")))
                .hasMessage(slow);
    }

    @Test
    void connectionFailures_nameTheirReasonAndNoHost() {
        SQLException refused = new SQLException("Connection to db.internal:5432 refused.", "08001",
                new ConnectException("Connection refused"));
        assertThat(faults.of(new SQLTransientConnectionException("memdir - Connection is not available", "08001",
                refused))).isInstanceOf(StoreFault.class).hasMessage(unavailable("connection refused"));
        assertThat(faults.of(new SQLException("An I/O error occurred", "08006", new EOFException())))
                .hasMessage(unavailable("connection lost"));
        assertThat(faults.of(new SQLException("An I/O error occurred", "08006", new SocketTimeoutException())))
                .hasMessage(unavailable("connection timed out"));
        assertThat(faults.of(new SQLException("terminating connection due to administrator command", "57P01")))
                .hasMessage(unavailable("the database ended the connection"));
        assertThat(faults.of(new SQLException("the database system is starting up", "57P03")))
                .hasMessage(unavailable("the database is starting up or shutting down"));
        assertThat(faults.of(new SQLException("password authentication failed for user \"x\"", "28P01")))
                .hasMessage(unavailable("authentication failed"));
        assertThat(faults.of(new SQLException("database \"team\" does not exist", "3D000")))
                .hasMessage(unavailable("the database does not exist"));
    }

    @Test
    void connectionLostWhileCommitting_saysTheChangeMayHaveBeenMade() {
        assertThat(faults.ofCommit(new SQLException("An I/O error occurred", "08006", new EOFException())))
                .isInstanceOf(StoreFault.class).hasMessage("Error: memory store unavailable (connection lost) while"
                        + " the change was being committed, so it may have been made or not. View the path to see"
                        + " which before trying again.");
        assertThat(faults.ofCommit(new SQLException("could not serialize access", "40001")))
                .isInstanceOf(DatabaseException.class);
    }

    @Test
    void otherFailures_stayPlainDatabaseFailures() {
        IOException constraint = faults.of(new SQLException("duplicate key value", "23505"));

        assertThat(constraint).isInstanceOf(DatabaseException.class).isNotInstanceOf(StoreFault.class);
    }
}

package dev.memdir.memory.postgres;

import dev.memdir.memory.render.FaultMessages;
import dev.memdir.memory.render.FaultMessages.Outage;
import dev.memdir.memory.store.NetworkOutages;
import dev.memdir.memory.store.StoreFault;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Optional;

/**
 * Sorts what the driver or the pool threw into what the model is told: the store is unavailable (and why, in a
 * few words naming no host), busy past the store timeout, or a plain database failure.
 */
final class DatabaseFaults {

    private static final String LOCK_NOT_AVAILABLE = "55P03";
    private static final String QUERY_CANCELED = "57014";

    private final Duration timeout;

    DatabaseFaults(Duration timeout) {
        this.timeout = timeout;
    }

    IOException of(SQLException failure) {
        String state = state(failure);
        if (LOCK_NOT_AVAILABLE.equals(state)) {
            return new StoreFault(FaultMessages.storeLocked(timeout), failure);
        }
        // The pool's own timeout with no connection failure behind it: every connection was busy.
        if (QUERY_CANCELED.equals(state) || state == null && failure instanceof SQLTransientConnectionException) {
            return new StoreFault(FaultMessages.storeSlow(timeout), failure);
        }
        Optional<Outage> outage = outage(failure, state);
        if (outage.isPresent()) {
            return new StoreFault(FaultMessages.storeUnavailable(outage.get()), failure);
        }
        return new DatabaseException(failure);
    }

    /**
     * Sorts a failure of a change's commit: a connection lost then leaves the outcome unknown (the database may
     * have committed before the answer was lost), so the answer cannot say that nothing was changed.
     */
    IOException ofCommit(SQLException failure) {
        Optional<Outage> outage = outage(failure, state(failure));
        return outage.isPresent() ? new StoreFault(FaultMessages.storeLostWhileCommitting(outage.get()), failure)
                : of(failure);
    }

    /** Returns the first SQLSTATE of the failure or of what caused it (the pool passes the driver's on). */
    private static String state(SQLException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && sql.getSQLState() != null) {
                return sql.getSQLState();
            }
        }
        return null;
    }

    private static Optional<Outage> outage(SQLException failure, String state) {
        Optional<Outage> network = NetworkOutages.of(failure);
        if (network.isPresent()) {
            return network;
        }
        if (state == null) {
            return Optional.empty();
        }
        switch (state) {
            case "57P01": // admin_shutdown: a fast stop, or pg_terminate_backend
            case "57P02": // crash_shutdown
                return Optional.of(Outage.ENDED);
            case "57P03":
                return Optional.of(Outage.STARTING_OR_STOPPING);
            case "3D000":
                return Optional.of(Outage.NO_DATABASE);
            case "53300":
                return Optional.of(Outage.TOO_MANY_CONNECTIONS);
            case "08001":
                return Optional.of(Outage.FAILED);
            default:
                if (state.startsWith("28")) {
                    return Optional.of(Outage.AUTHENTICATION);
                }
                return state.startsWith("08") ? Optional.of(Outage.LOST) : Optional.empty();
        }
    }
}

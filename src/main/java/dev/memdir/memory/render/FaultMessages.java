package dev.memdir.memory.render;

import static dev.memdir.memory.render.Messages.ERROR;

import java.math.BigDecimal;
import java.time.Duration;

/** The texts of a store that could not run a command (unreachable, or busy past its timeout): nothing was changed. */
public final class FaultMessages {

    private FaultMessages() {}

    /** Why a store could not be reached, as the unavailable answer says it: short, naming no host. */
    public enum Outage {
        REFUSED("connection refused"),
        LOST("connection lost"),
        ENDED("the database ended the connection"),
        STARTING_OR_STOPPING("the database is starting up or shutting down"),
        TIMED_OUT("connection timed out"),
        UNKNOWN_HOST("unknown host"),
        AUTHENTICATION("authentication failed"),
        NO_DATABASE("the database does not exist"),
        TOO_MANY_CONNECTIONS("too many connections"),
        FAILED("connection failed"),
        NO_CREDENTIALS("no AWS credentials"),
        ACCESS_DENIED("access denied"),
        CREDENTIALS_EXPIRED("the credentials have expired"),
        NO_BUCKET("the bucket does not exist"),
        OVERLOADED("the store is overloaded"),
        STORE_FAILED("the store failed"),
        COMMITS_MISSING("the memory's commits are missing");

        private final String reason;

        Outage(String reason) {
            this.reason = reason;
        }
    }

    public static String storeUnavailable(Outage outage) {
        return ERROR + "memory store unavailable (" + outage.reason + "). Nothing was changed.";
    }

    /** The connection failed while a change was committing: the database may have made it or not. */
    public static String storeLostWhileCommitting(Outage outage) {
        return ERROR + "memory store unavailable (" + outage.reason + ") while the change was being committed, so"
                + " it may have been made or not. View the path to see which before trying again.";
    }

    public static String storeLocked(Duration timeout) {
        return busy("another writer held the memory for more than " + seconds(timeout));
    }

    public static String storeSlow(Duration timeout) {
        return busy("the database did not answer within " + seconds(timeout));
    }

    /** Other writers kept committing first: a store with no lock of its own (object storage) never had a turn. */
    public static String storeContended(Duration timeout) {
        return busy("other writers kept changing the memory for more than " + seconds(timeout));
    }

    /** A request to an object store went unanswered past the timeout. */
    public static String objectStoreSlow(Duration timeout) {
        return busy(objectStoreSilent(timeout));
    }

    /** Returns why an object store is busy when its requests go unanswered, as start-up and a call both say it. */
    public static String objectStoreSilent(Duration timeout) {
        return "the store did not answer within " + seconds(timeout);
    }

    private static String busy(String why) {
        return ERROR + "memory store busy (" + why + "). Nothing was changed.";
    }

    /** Returns why a store could not be reached, as the unavailable answer words it. */
    public static String reason(Outage outage) {
        return outage.reason;
    }

    private static String seconds(Duration duration) {
        return BigDecimal.valueOf(duration.toMillis(), 3).stripTrailingZeros().toPlainString() + " s";
    }
}

package dev.memdir;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Asks again, with a short backoff, until something done on another thread (or in another process) shows: the one
 * poll-until loop of the tests, so that each waits the same way and says what it waited for when it gives up.
 */
public final class Eventually {

    private static final Duration FIRST_PAUSE = Duration.ofMillis(10);
    private static final Duration LONGEST_PAUSE = Duration.ofMillis(200);

    /** A condition that may throw while it is checked. */
    @FunctionalInterface
    public interface CheckedBooleanSupplier<E extends Exception> {
        boolean getAsBoolean() throws E;
    }

    /** An attempt that may throw. */
    @FunctionalInterface
    public interface CheckedSupplier<T, E extends Exception> {
        T get() throws E;
    }

    private Eventually() {}

    /** Returns once {@code condition} holds; fails, naming {@code what}, when it has not within {@code patience}. */
    public static <E extends Exception> void until(String what, Duration patience, CheckedBooleanSupplier<E> condition)
            throws E, InterruptedException {
        if (!within(patience, condition)) {
            throw new AssertionError("Gave up after " + patience + " waiting for " + what);
        }
    }

    /**
     * Returns the first result of {@code attempt} that {@code accepted} holds for; fails, naming {@code what} and the
     * last result, when there was none within {@code patience} (a zero patience makes one attempt).
     */
    public static <T, E extends Exception> T value(String what, Duration patience, CheckedSupplier<T, E> attempt,
            Predicate<? super T> accepted) throws E, InterruptedException {
        T last = poll(patience, attempt, accepted);
        if (!accepted.test(last)) {
            throw new AssertionError("Gave up after " + patience + " waiting for " + what + "; the last was: " + last);
        }
        return last;
    }

    /**
     * Returns whether {@code condition} held within {@code patience}: for a caller that asserts on it itself, or that
     * goes on either way.
     */
    public static <E extends Exception> boolean within(Duration patience, CheckedBooleanSupplier<E> condition)
            throws E, InterruptedException {
        return poll(patience, condition::getAsBoolean, Boolean::booleanValue);
    }

    /** Returns the first result {@code accepted} holds for, or the last one, tried at the deadline. */
    private static <T, E extends Exception> T poll(Duration patience, CheckedSupplier<T, E> attempt,
            Predicate<? super T> accepted) throws E, InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        long pause = FIRST_PAUSE.toNanos();
        while (true) {
            T result = attempt.get();
            long left = deadline - System.nanoTime();
            if (accepted.test(result) || left <= 0) {
                return result;
            }
            TimeUnit.NANOSECONDS.sleep(Math.min(pause, left));
            pause = Math.min(2 * pause, LONGEST_PAUSE.toNanos());
        }
    }
}

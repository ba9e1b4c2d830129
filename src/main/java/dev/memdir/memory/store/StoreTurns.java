package dev.memdir.memory.store;

import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

/** Taking this process's turn to change a memory, so that its own changes of one memory never race each other. */
public final class StoreTurns {

    private StoreTurns() {}

    /**
     * Takes {@code turn} within {@code timeout}, or fails with {@code busyAnswer}, the whole answer the model reads;
     * the caller unlocks it.
     */
    public static void take(Lock turn, Duration timeout, String busyAnswer) throws StoreFault, InterruptedIOException {
        try {
            if (!turn.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new StoreFault(busyAnswer, null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting to change the memory");
        }
    }
}

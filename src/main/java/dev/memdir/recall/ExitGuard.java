package dev.memdir.recall;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * Keeps the process from exiting while a model runs in native code, and the model from starting to once it exits: the
 * C runtime tears a native library down at exit, and a call still inside it then crashes the process (seen as a
 * SIGSEGV in ONNX Runtime's logger when a server was stopped as its model loaded). At exit it waits up to
 * {@value #WAIT_SECONDS} seconds for the calls under way; every call after is refused with {@link ExitingException}.
 */
final class ExitGuard {

    private static final long WAIT_SECONDS = 10;

    /** A model call refused because the process is exiting. */
    static final class ExitingException extends RuntimeException {
        ExitingException() {
            super("the process is exiting", null, false, false);
        }
    }

    private final ReentrantReadWriteLock calls = new ReentrantReadWriteLock();
    private volatile boolean exiting;

    /** Returns a guard whose wait runs when the process begins to exit. */
    static ExitGuard atExit() {
        ExitGuard guard = new ExitGuard();
        Runtime.getRuntime().addShutdownHook(new Thread(guard::close, "memdir-embedding-exit"));
        return guard;
    }

    /** Runs {@code call} unless the process is exiting. */
    <T> T call(Supplier<T> call) {
        if (!calls.readLock().tryLock()) {
            throw new ExitingException();
        }
        try {
            if (exiting) {
                throw new ExitingException();
            }
            return call.get();
        } finally {
            calls.readLock().unlock();
        }
    }

    /** Returns {@code model} with every call guarded. */
    Embedder guarding(Embedder model) {
        return new Embedder() {
            @Override
            public String model() {
                return model.model();
            }

            @Override
            public float[] passage(String text) {
                return call(() -> model.passage(text));
            }

            @Override
            public float[] reference(String text) {
                return call(() -> model.reference(text));
            }

            @Override
            public float[] query(String text) {
                return call(() -> model.query(text));
            }

            @Override
            public void rest() {
                call(() -> {
                    model.rest();
                    return null;
                });
            }
        };
    }

    /** Whether the process has begun to exit. */
    boolean exiting() {
        return exiting;
    }

    /** Refuses every call from now on and waits for those under way; the lock is never let go. */
    void close() {
        exiting = true;
        try {
            calls.writeLock().tryLock(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package dev.memdir.http;

import java.io.Closeable;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A task run again and again on a daemon thread of its own, {@code every} apart: closing the servers that went
 * unused ({@link NamespaceServers#closeIdle}), checking again the credentials that hold streams
 * ({@link CredentialHolds#recheck}).
 */
final class Periodic implements Closeable {

    private static final Logger LOG = LoggerFactory.getLogger(Periodic.class);

    private final ScheduledExecutorService timer;

    /** Runs {@code task} every {@code every}, first after one period, on a thread named {@code name}. */
    Periodic(String name, Duration every, Runnable task) {
        timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        });
        timer.scheduleWithFixedDelay(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                // a failed run must not end the runs to come
                LOG.warn("{} failed: {}", name, e.toString());
            }
        }, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}

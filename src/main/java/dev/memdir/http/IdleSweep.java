package dev.memdir.http;

import java.io.Closeable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Closes the servers that went unused ({@link NamespaceServers#closeIdle}) once a minute, on a daemon thread. */
final class IdleSweep implements Closeable {

    private static final Logger LOG = LoggerFactory.getLogger(IdleSweep.class);
    private static final long EVERY_SECONDS = 60;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "memdir-idle-sweep");
        thread.setDaemon(true);
        return thread;
    });

    IdleSweep(NamespaceServers servers) {
        timer.scheduleWithFixedDelay(() -> {
            try {
                servers.closeIdle();
            } catch (RuntimeException e) {
                // a failed sweep must not end the sweeps to come
                LOG.warn("Closing unused servers failed: {}", e.toString());
            }
        }, EVERY_SECONDS, EVERY_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}

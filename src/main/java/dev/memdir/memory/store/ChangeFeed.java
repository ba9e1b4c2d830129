package dev.memdir.memory.store;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A store's one stream of changes, for every consumer. A change made through the store is counted the moment it
 * ends, so that whoever reads the count next reads the change; every change, this process's own and those made
 * elsewhere (another memdir, on the directory store an editor), is reported as the store's watcher hears it, once and
 * in the order the store made them (S3 reports its own commits at once, PostgreSQL and the directory store a moment
 * later). The watcher runs only while someone listens: it starts with the first listener and stops when the last
 * leaves or the store closes, so however many consumers listen, a store runs one.
 *
 * <p>Listeners hear every report in order on one thread of the feed's own ({@code memdir-changes}), never on the
 * watcher's, so a slow listener delays no report to the others' watcher; a listener that throws is logged and the
 * others still hear.
 *
 * <p>Own changes are not reported a second time when they end: a watcher cannot tell its echo of them from another
 * process's change to the same path, and a listener that needs order (a stream's barrier: once a later write is
 * heard, nothing earlier is still to come) would hear one change twice and out of order.
 */
public final class ChangeFeed implements Closeable {

    /** How a store hears the changes made elsewhere; closing what {@link #start} returns stops it. */
    @FunctionalInterface
    public interface Watcher {
        /** Starts hearing changes, telling each to {@code heard} on a thread of the watcher's own. */
        Closeable start(Consumer<MemoryChanges> heard) throws IOException;
    }

    private static final Logger log = LoggerFactory.getLogger(ChangeFeed.class);
    /** How long the delivery thread waits for the next report before it ends (a new one starts when needed). */
    private static final long IDLE_SECONDS = 30;

    private final Watcher watcher;
    private final AtomicLong count = new AtomicLong();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final ThreadPoolExecutor delivery;
    /** The running watcher, while anyone listens; guarded by this. */
    private Closeable watching;
    private boolean closed;

    public ChangeFeed(Watcher watcher) {
        this.watcher = watcher;
        this.delivery = new ThreadPoolExecutor(1, 1, IDLE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                task -> {
                    Thread daemon = new Thread(task, "memdir-changes");
                    daemon.setDaemon(true);
                    return daemon;
                });
        this.delivery.allowCoreThreadTimeOut(true);
    }

    /**
     * Returns how many changes the feed has counted: every change made through the store, raised as the change
     * ends, and every report its watcher heard (so an own change counts twice, once at once). A reader that saw a smaller count is out of date.
     */
    public long count() {
        return count.get();
    }

    /**
     * Starts telling {@code listener} of every change from now on (starting the store's watcher if it is the first);
     * closing the answer stops it (and the watcher, if it was the last). When changes may have been missed (too many
     * at once, a lost connection) the report is {@link MemoryChanges#EVERYTHING}.
     */
    public Closeable listen(Consumer<MemoryChanges> listener) throws IOException {
        Listener added = new Listener(listener);
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("the store is closed");
            }
            if (watching == null) {
                watching = watcher.start(this::heard);
            }
            listeners.add(added);
        }
        return added;
    }

    /**
     * Counts a change the store has just made; for the store to call once the change has ended, so that whoever
     * reads the new count reads the change. Its report comes from the store's watcher.
     */
    public void made() {
        count.incrementAndGet();
    }

    private void heard(MemoryChanges changes) {
        count.incrementAndGet();
        deliver(changes);
    }

    private void deliver(MemoryChanges changes) {
        if (listeners.isEmpty()) {
            return;
        }
        try {
            delivery.execute(() -> tell(changes));
        } catch (RejectedExecutionException closing) {
            // The store is closing: nobody is left to tell.
        }
    }

    private void tell(MemoryChanges changes) {
        for (Listener listener : listeners) {
            try {
                listener.consumer.accept(changes);
            } catch (RuntimeException e) {
                log.warn("A listener of the memory's changes failed", e);
            }
        }
    }

    private synchronized void leave(Listener listener) throws IOException {
        if (listeners.remove(listener) && listeners.isEmpty() && watching != null) {
            Closeable stopped = watching;
            watching = null;
            stopped.close();
        }
    }

    /**
     * Stops the watcher and the deliveries; for the store to call when it closes. A watcher that fails to stop is
     * logged: the store closes all the same.
     */
    @Override
    public void close() {
        Closeable stopped;
        synchronized (this) {
            closed = true;
            listeners.clear();
            stopped = watching;
            watching = null;
        }
        delivery.shutdown();
        if (stopped != null) {
            try {
                stopped.close();
            } catch (IOException e) {
                log.warn("Could not stop watching the memory for changes: {}", e.getMessage());
            }
        }
    }

    /** One listener, apart from any other that passed the same consumer. */
    private final class Listener implements Closeable {
        private final Consumer<MemoryChanges> consumer;

        Listener(Consumer<MemoryChanges> consumer) {
            this.consumer = consumer;
        }

        @Override
        public void close() throws IOException {
            leave(this);
        }
    }
}

package dev.memdir.memory.s3;

import dev.memdir.memory.store.MemoryChanges;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The listeners of one store's changes, and the poll that finds other processes' commits: every {@link #POLL} one
 * validation of the store's head (a read of the next commit's key, absent while nothing changed). Each new head
 * is reported as the keys its recent commits changed; a gap longer than those, or a poll that failed, as
 * everything. Reports go out on one thread of the store's own, started by the first listener and stopped after the
 * last.
 */
final class HeadWatchers implements Closeable {

    static final Duration POLL = Duration.ofSeconds(2);

    /** Validates the store's head, calling {@link #heard} when it is new. */
    @FunctionalInterface
    interface Refresh {
        void run() throws IOException;
    }

    private final Refresh refresh;
    private final List<Watcher> watchers = new CopyOnWriteArrayList<>();
    private ScheduledExecutorService thread;
    private boolean pollFailed;

    HeadWatchers(Refresh refresh) {
        this.refresh = refresh;
    }

    private final class Watcher implements Closeable {
        private final Consumer<MemoryChanges> listener;
        private long heard;

        Watcher(Consumer<MemoryChanges> listener, long heard) {
            this.listener = listener;
            this.heard = heard;
        }

        synchronized void report(Manifest state) {
            if (state.generation() > heard) {
                MemoryChanges changes = since(heard, state.head());
                heard = state.generation();
                listener.accept(changes);
            }
        }

        synchronized void reportEverything() {
            listener.accept(MemoryChanges.EVERYTHING);
        }

        /** Stops this listener's reports, and the poll with the last. */
        @Override
        public void close() {
            synchronized (HeadWatchers.this) {
                if (watchers.remove(this) && watchers.isEmpty() && thread != null) {
                    thread.shutdownNow();
                    thread = null;
                }
            }
        }
    }

    /** Starts telling {@code listener} of every head after {@code from}'s. */
    synchronized Closeable add(Consumer<MemoryChanges> listener, Manifest from) {
        Watcher watcher = new Watcher(listener, from == null ? 0 : from.generation());
        watchers.add(watcher);
        if (thread == null) {
            thread = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread daemon = new Thread(task, "memdir-s3-watch");
                daemon.setDaemon(true);
                return daemon;
            });
            thread.scheduleWithFixedDelay(this::poll, POLL.toMillis(), POLL.toMillis(), TimeUnit.MILLISECONDS);
        }
        return watcher;
    }

    /** Reports the new head {@code state} to every listener, on the watchers' thread. */
    synchronized void heard(Manifest state) {
        if (thread != null && !watchers.isEmpty()) {
            thread.execute(() -> watchers.forEach(watcher -> watcher.report(state)));
        }
    }

    private void poll() {
        try {
            refresh.run();
        } catch (IOException | RuntimeException e) {
            pollFailed = true;
            return;
        }
        if (pollFailed) {
            pollFailed = false;
            watchers.forEach(Watcher::reportEverything);
        }
    }

    /** Returns what the commits after {@code heard} up to {@code head} changed, as far as its recent list says. */
    static MemoryChanges since(long heard, Head head) {
        Set<String> paths = new HashSet<>();
        long reached = head.generation() + 1;
        for (Head.Recent recent : head.recent()) {
            if (recent.generation() <= heard) {
                break;
            }
            if (recent.paths() == null) {
                return MemoryChanges.EVERYTHING;
            }
            paths.addAll(recent.paths());
            reached = recent.generation();
        }
        return reached == heard + 1 ? MemoryChanges.of(paths) : MemoryChanges.EVERYTHING;
    }

    @Override
    public synchronized void close() {
        if (thread != null) {
            thread.shutdownNow();
        }
    }
}

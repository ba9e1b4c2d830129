package dev.memdir.http;

import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Things opened by key at their first use and closed again once unused: a {@link Lease} holds one open while a
 * caller uses it; one that no lease has held for the idle time (or, while it says it is kept longer, the longer idle
 * time) is closed by {@link #closeIdle}, and past the cap of
 * open ones the least recently used unheld one is closed. A held one is never closed (so the cap may be passed: a
 * caller is never refused for it), and a lease is never handed one that is closing: closing first retires the
 * entry under its lock, and a retired entry hands out nothing, so the caller opens a fresh one.
 */
final class OpenedOnDemand<K, V extends Closeable> implements Closeable {

    /** Opens the thing of a key. */
    interface Opener<K, V> {
        V open(K key) throws IOException;
    }

    /** One caller's hold on an open thing, released by {@link #close} (once; again does nothing). */
    static final class Lease<V> implements AutoCloseable {
        private final V value;
        private final Runnable release;
        private final AtomicBoolean released = new AtomicBoolean();

        private Lease(V value, Runnable release) {
            this.value = value;
            this.release = release;
        }

        V value() {
            return value;
        }

        @Override
        public void close() {
            if (released.compareAndSet(false, true)) {
                release.run();
            }
        }
    }

    private static final Logger LOG = LoggerFactory.getLogger(OpenedOnDemand.class);

    private final Opener<K, V> opener;
    private final LongSupplier nanos;
    private final long idleNanos;
    private final Predicate<V> keptLonger;
    private final long longerIdleNanos;
    private final int maxOpen;
    private final Map<K, Entry<V>> entries = new ConcurrentHashMap<>();
    private final AtomicBoolean warnedFull = new AtomicBoolean();

    /**
     * {@code nanos} is the clock that says how long a thing went unused; a thing that is {@code keptLonger} when the
     * idle ones are closed is closed only after {@code longerIdle}.
     */
    OpenedOnDemand(Opener<K, V> opener, LongSupplier nanos, Duration idle, Predicate<V> keptLonger,
            Duration longerIdle, int maxOpen) {
        this.opener = opener;
        this.nanos = nanos;
        this.idleNanos = idle.toNanos();
        this.keptLonger = keptLonger;
        this.longerIdleNanos = longerIdle.toNanos();
        this.maxOpen = maxOpen;
    }

    /** Returns a lease on the thing of {@code key}, opened now unless it is open. */
    Lease<V> lease(K key) throws IOException {
        while (true) {
            Entry<V> entry = entries.computeIfAbsent(key, none -> new Entry<>());
            Lease<V> lease = entry.enter(() -> opener.open(key), nanos);
            if (lease != null) {
                if (entry.openedBy(lease)) {
                    makeRoom();
                }
                return lease;
            }
            entries.remove(key, entry); // retired: closing or closed
        }
    }

    /** Closes what no lease held for the idle time (the longer one for what is kept longer). */
    void closeIdle() {
        long now = nanos.getAsLong();
        entries.forEach((key, entry) -> {
            if (entry.retireIfUnusedSince(now - idleNanos, now - longerIdleNanos, keptLonger)) {
                entries.remove(key, entry);
                closeQuietly(entry);
            }
        });
    }

    /** Closes the least recently used unheld things while more than the cap are open. */
    private void makeRoom() {
        List<Map.Entry<K, Entry<V>>> open = new ArrayList<>();
        entries.forEach((key, entry) -> {
            if (entry.isOpen()) {
                open.add(Map.entry(key, entry));
            }
        });
        int over = open.size() - maxOpen;
        if (over <= 0) {
            return;
        }
        open.sort(Comparator.comparingLong(e -> e.getValue().touched()));
        for (int i = 0; i < open.size() && over > 0; i++) {
            Map.Entry<K, Entry<V>> oldest = open.get(i);
            if (oldest.getValue().retireIfUnusedSince(Long.MAX_VALUE, Long.MAX_VALUE, value -> false)) {
                entries.remove(oldest.getKey(), oldest.getValue());
                closeQuietly(oldest.getValue());
                over--;
            }
        }
        if (over > 0 && warnedFull.compareAndSet(false, true)) {
            LOG.warn("More than {} servers are open and in use at once; serving every principal anyway", maxOpen);
        }
    }

    /** Hands each open thing to {@code action}. */
    void forEachOpen(Consumer<V> action) {
        entries.values().forEach(entry -> entry.ifOpen(action));
    }

    /** Returns how many things are open (and not retired). */
    int openCount() {
        return (int) entries.values().stream().filter(Entry::isOpen).count();
    }

    private static void closeQuietly(Entry<?> entry) {
        try {
            entry.closeRetired();
        } catch (IOException | RuntimeException e) {
            LOG.warn("Closing an unused server failed: {}", e.getMessage());
        }
    }

    /** Closes everything, held or not: nothing uses them any more. */
    @Override
    public void close() throws IOException {
        List<IOException> failures = new ArrayList<>();
        for (Entry<V> entry : entries.values()) {
            entry.retire();
            try {
                entry.closeRetired();
            } catch (IOException e) {
                failures.add(e);
            }
        }
        entries.clear();
        if (!failures.isEmpty()) {
            IOException first = failures.get(0);
            failures.subList(1, failures.size()).forEach(first::addSuppressed);
            throw first;
        }
    }

    /** One key's thing: opened at the first lease, counted while leased, retired once, then closed. */
    private static final class Entry<V extends Closeable> {

        interface Open<V> {
            V open() throws IOException;
        }

        private V value;
        private Lease<V> firstLease;
        private int leases;
        private long touched;
        private boolean retired;

        /** Returns a new lease, opening the thing first if it is not open; null when retired. */
        synchronized Lease<V> enter(Open<V> open, LongSupplier nanos) throws IOException {
            if (retired) {
                return null;
            }
            boolean opening = value == null;
            if (opening) {
                value = open.open();
            }
            leases++;
            touched = nanos.getAsLong();
            Lease<V> lease = new Lease<>(value, () -> exit(nanos.getAsLong()));
            if (opening) {
                firstLease = lease;
            }
            return lease;
        }

        private synchronized void exit(long now) {
            leases--;
            touched = now;
        }

        /** Returns whether {@code lease} is the one that opened the thing. */
        synchronized boolean openedBy(Lease<V> lease) {
            return firstLease == lease;
        }

        /**
         * Retires this entry when no lease holds it and it was last touched at {@code before} or earlier
         * ({@code longerBefore} when its thing is {@code keptLonger}).
         */
        synchronized boolean retireIfUnusedSince(long before, long longerBefore, Predicate<V> keptLonger) {
            long limit = value != null && keptLonger.test(value) ? longerBefore : before;
            if (retired || leases > 0 || touched - limit > 0) {
                return false;
            }
            retired = true;
            return true;
        }

        synchronized void retire() {
            retired = true;
        }

        synchronized boolean isOpen() {
            return value != null && !retired;
        }

        synchronized long touched() {
            return touched;
        }

        /**
         * Hands the open thing to {@code action} outside the lock: an action may wait for the thing's streams to
         * end, and a stream that ends releases its lease through this lock.
         */
        void ifOpen(Consumer<V> action) {
            V open;
            synchronized (this) {
                open = retired ? null : value;
            }
            if (open != null) {
                action.accept(open);
            }
        }

        /** Closes the thing of a retired entry (outside the lock: a closing thing may take its time). */
        void closeRetired() throws IOException {
            V closing;
            synchronized (this) {
                closing = value;
                value = null;
            }
            if (closing != null) {
                closing.close();
            }
        }
    }
}

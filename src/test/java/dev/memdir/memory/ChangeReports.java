package dev.memdir.memory;

import dev.memdir.memory.store.ChangeFeed;
import dev.memdir.memory.store.MemoryChanges;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

/** The reports a listener of a store's {@link ChangeFeed} got, in order, for a test to wait for. */
public final class ChangeReports implements Consumer<MemoryChanges> {

    private final BlockingQueue<MemoryChanges> arrived = new LinkedBlockingQueue<>();
    private final List<MemoryChanges> seen = new ArrayList<>();

    @Override
    public void accept(MemoryChanges changes) {
        arrived.add(changes);
    }

    /** Returns whether a report that {@code wanted} holds for arrives within {@code wait}. */
    public boolean await(Predicate<MemoryChanges> wanted, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        for (long left = wait.toNanos(); left > 0; left = deadline - System.nanoTime()) {
            MemoryChanges next = arrived.poll(left, TimeUnit.NANOSECONDS);
            if (next == null) {
                return false;
            }
            seen.add(next);
            if (wanted.test(next)) {
                return true;
            }
        }
        return false;
    }

    /** Returns whether a report naming {@code relative} (or everything) arrives within a second. */
    public boolean awaitWithinASecond(String relative) throws InterruptedException {
        return await(changes -> changes.touches(relative), Duration.ofSeconds(1));
    }

    /**
     * Waits for a report naming {@code barrier}, a file written after everything under test, and returns every report
     * taken until then, that one included: a store tells of its changes in order, so none of those written before the
     * barrier is still to come.
     */
    public List<MemoryChanges> through(String barrier, Duration wait) throws InterruptedException {
        if (!await(changes -> changes.touches(barrier), wait)) {
            throw new AssertionError("no report of " + barrier + " within " + wait + "; reports: " + seen);
        }
        return List.copyOf(seen);
    }

    /** Returns every report taken so far, and those that arrive within {@code wait}. */
    public List<MemoryChanges> all(Duration wait) throws InterruptedException {
        await(changes -> false, wait);
        arrived.drainTo(seen);
        return List.copyOf(seen);
    }
}

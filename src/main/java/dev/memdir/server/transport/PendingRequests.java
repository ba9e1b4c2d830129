package dev.memdir.server.transport;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The ids of requests read but not yet answered, so that none goes unanswered when input ends. */
final class PendingRequests {

    private final Set<Object> ids = new HashSet<>();

    synchronized void add(Object id) {
        ids.add(id);
    }

    synchronized void answered(Object id) {
        if (ids.remove(id)) {
            notifyAll();
        }
    }

    /** Forgets and returns every open id but {@code kept} (which may be null). */
    synchronized List<Object> removeAllExcept(Object kept) {
        List<Object> removed = new ArrayList<>(ids);
        removed.remove(kept);
        ids.removeAll(removed);
        return removed;
    }

    /** Waits until every request is answered or {@code millis} pass; returns the ids still open. */
    synchronized List<Object> awaitAnswered(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (!ids.isEmpty()) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                break;
            }
            wait(left);
        }
        List<Object> open = new ArrayList<>(ids);
        ids.clear();
        return open;
    }
}

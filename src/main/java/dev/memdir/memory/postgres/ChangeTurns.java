package dev.memdir.memory.postgres;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Where one process's changes of one namespace wait their turn, holding no connection. The namespace's row lock
 * orders the changes of every process; a change that waited for it here would hold a pooled connection while it
 * waited, so that under many writers of one namespace every connection ends up waiting on the lock and the reads,
 * which take no lock, wait for a connection. Waiting here first, at most one connection per namespace waits on the
 * row lock (for another process's change) and the rest of the pool serves reads. The turns are taken first come,
 * first served, as the row lock's queue is, so a change that waits is not overtaken until it times out.
 */
final class ChangeTurns {

    private final Map<Long, ReentrantLock> turns = new ConcurrentHashMap<>();

    /** Returns the turn of the namespace {@code id}, the same one to every store of this process on it. */
    ReentrantLock of(long namespace) {
        return turns.computeIfAbsent(namespace, id -> new ReentrantLock(true));
    }
}

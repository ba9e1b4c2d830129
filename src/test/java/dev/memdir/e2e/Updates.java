package dev.memdir.e2e;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/** Waiting for a resource update that a client's update consumer put in a queue. */
final class Updates {

    private Updates() {}

    /** Returns whether an update containing {@code expected} arrives within 20 seconds. */
    static boolean await(BlockingQueue<String> updates, String expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            String update = updates.poll(1, TimeUnit.SECONDS);
            if (update != null && update.contains(expected)) {
                return true;
            }
        }
        return false;
    }
}

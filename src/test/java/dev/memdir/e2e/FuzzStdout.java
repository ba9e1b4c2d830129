package dev.memdir.e2e;

import dev.memdir.e2e.ProtocolFuzzIT.Received;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A fuzz run's reader: every line the server writes, checked to be JSON-RPC as it comes (a line that is not becomes a
 * violation), on a thread of its own, with a latch for the answer to the run's last request.
 */
final class FuzzStdout {

    private final List<Received> received = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch finalSeen = new CountDownLatch(1);
    private final CountDownLatch ended = new CountDownLatch(1);
    private final Thread thread;

    /** Starts reading {@code lines}; {@code finalKey} is the id key of the last request the run sends. */
    FuzzStdout(ProtocolFuzzIT.LineSource lines, String finalKey, List<String> violations, String name) {
        thread = new Thread(() -> {
            try {
                for (byte[] raw = lines.next(); raw != null; raw = lines.next()) {
                    Received message = Received.parse(raw, received.size(), violations);
                    received.add(message);
                    if (message.response() && finalKey.equals(message.idKey())) {
                        finalSeen.countDown();
                    }
                }
            } catch (IOException e) {
                violations.add("reading stdout failed: " + e);
            } finally {
                finalSeen.countDown();
                ended.countDown();
            }
        }, name);
        thread.start();
    }

    /** What came so far (everything, once {@link #awaitEnd} returned true). */
    List<Received> received() {
        return received;
    }

    /** Whether the last request was answered (or stdout ended) within {@code seconds}. */
    boolean awaitFinal(long seconds) throws InterruptedException {
        return finalSeen.await(seconds, TimeUnit.SECONDS);
    }

    /** Whether stdout ended within {@code seconds}; then every line has been read. */
    boolean awaitEnd(long seconds) throws InterruptedException {
        boolean done = ended.await(seconds, TimeUnit.SECONDS);
        if (done) {
            thread.join();
        }
        return done;
    }
}

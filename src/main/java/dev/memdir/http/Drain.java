package dev.memdir.http;

import java.io.IOException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The requests being served, so that a stop can refuse new ones and wait for those in flight. A stream (a listen or a
 * session's GET) counts only while its servlet call runs; its events go on after. As the front's first step it counts
 * a request in until it ends, or refuses it 503 while the server stops.
 */
final class Drain implements FrontStep {

    /** How long a stop waits for the requests in flight. */
    static final Duration PATIENCE = Duration.ofSeconds(10);

    private static final Logger log = LoggerFactory.getLogger(Drain.class);

    private int inFlight;
    private boolean closing;

    /** Counts a request in; false when the server is stopping and it must be refused. */
    synchronized boolean enter() {
        if (closing) {
            return false;
        }
        inFlight++;
        return true;
    }

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        if (!enter()) {
            exchange.response().setHeader("Connection", "close");
            exchange.refuse(503, "the server is stopping");
            return Outcome.ANSWERED;
        }
        exchange.holdUntilEnd(this::exit);
        return Outcome.GO_ON;
    }

    synchronized void exit() {
        inFlight--;
        if (inFlight == 0) {
            notifyAll();
        }
    }

    /** Refuses new requests and waits up to {@link #PATIENCE} for those in flight; warns of any still left. */
    void close() throws InterruptedException {
        int left = closeAndAwait();
        if (left > 0) {
            log.warn("Stopping with {} request(s) still in flight after {} s", left, PATIENCE.toSeconds());
        }
    }

    private synchronized int closeAndAwait() throws InterruptedException {
        closing = true;
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (inFlight > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return inFlight;
    }
}

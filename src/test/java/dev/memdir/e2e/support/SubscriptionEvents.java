package dev.memdir.e2e.support;

import io.modelcontextprotocol.modern.client.McpSyncSubscriptionListener;
import io.modelcontextprotocol.modern.client.SubscriptionEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The events of one listen stream of the 2026-07-28 client, kept in arrival order, with waits for the ones a test
 * expects. A position ({@link #mark()}) taken before a write tells the updates that write caused from older ones.
 */
public final class SubscriptionEvents implements McpSyncSubscriptionListener {

    private static final long WAIT_SECONDS = 30;

    private final List<SubscriptionEvent> events = new ArrayList<>();
    private boolean ended;
    private Throwable error;

    @Override
    public synchronized void onEvent(SubscriptionEvent event) {
        events.add(event);
        notifyAll();
    }

    @Override
    public synchronized void onError(Throwable failure) {
        error = failure;
        ended = true;
        notifyAll();
    }

    @Override
    public synchronized void onComplete() {
        ended = true;
        notifyAll();
    }

    /** Waits for the acknowledgment, which comes first. */
    public synchronized SubscriptionEvent.Subscribed awaitSubscribed() throws InterruptedException {
        awaitFrom(0, SubscriptionEvent.Subscribed.class::isInstance, "the acknowledgment");
        if (!(events.get(0) instanceof SubscriptionEvent.Subscribed subscribed)) {
            throw new AssertionError("the first event was not the acknowledgment: " + events);
        }
        return subscribed;
    }

    /** The number of events so far: where the events caused by what a test does next begin. */
    public synchronized int mark() {
        return events.size();
    }

    /** Waits for an update of {@code uri} at or after {@code mark}. */
    public synchronized void awaitUpdate(int mark, String uri) throws InterruptedException {
        awaitFrom(mark, event -> event instanceof SubscriptionEvent.ResourceUpdated updated
                && updated.uri().equals(uri), "an update of " + uri);
    }

    /** The URIs of every update so far, in arrival order. */
    public synchronized List<String> updated() {
        return updatedFrom(0);
    }

    /** The URIs of the updates from {@code mark} on, in arrival order. */
    public synchronized List<String> updatedFrom(int mark) {
        return events.subList(mark, events.size()).stream()
                .filter(SubscriptionEvent.ResourceUpdated.class::isInstance)
                .map(event -> ((SubscriptionEvent.ResourceUpdated) event).uri())
                .toList();
    }

    private void awaitFrom(int mark, Predicate<SubscriptionEvent> wanted, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (events.subList(mark, events.size()).stream().noneMatch(wanted)) {
            long left = deadline - System.nanoTime();
            if (ended || left <= 0) {
                throw new AssertionError("no " + what + " within " + WAIT_SECONDS + " s; "
                        + (ended ? "the stream ended (" + error + ")" : "still open") + "; events: " + events);
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }
}

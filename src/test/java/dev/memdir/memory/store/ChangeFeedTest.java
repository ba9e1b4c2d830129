package dev.memdir.memory.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.ChangeReports;
import java.io.Closeable;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The one stream of a store's changes: its own at once, others' as its one watcher hears them. */
class ChangeFeedTest {

    private static final Duration WAIT = Duration.ofSeconds(5);

    /** A watcher that counts its starts and stops, and hears what a test says it heard. */
    private static final class CountedWatcher implements ChangeFeed.Watcher {
        final AtomicInteger started = new AtomicInteger();
        final AtomicInteger stopped = new AtomicInteger();
        volatile Consumer<MemoryChanges> heard;

        @Override
        public Closeable start(Consumer<MemoryChanges> heard) {
            started.incrementAndGet();
            this.heard = heard;
            return stopped::incrementAndGet;
        }

        boolean running() {
            return started.get() > stopped.get();
        }
    }

    private final CountedWatcher watcher = new CountedWatcher();
    private final ChangeFeed feed = new ChangeFeed(watcher);

    @AfterEach
    void close() {
        feed.close();
    }

    @Test
    void ownChange_countedAtOnce_andReportedOnlyAsTheWatcherHearsIt() throws Exception {
        ChangeReports reports = new ChangeReports();
        try (Closeable listening = feed.listen(reports)) {
            feed.made();
            assertThat(feed.count()).isEqualTo(1);

            watcher.heard.accept(MemoryChanges.of(Set.of("notes/a.md", "b.md")));

            assertThat(reports.await(changes -> true, WAIT)).isTrue();
            assertThat(reports.all(Duration.ZERO)).containsExactly(MemoryChanges.of(Set.of("notes/a.md", "b.md")));
            assertThat(feed.count()).isEqualTo(2);
        }
    }

    @Test
    void ownChange_countedWhileNobodyListens_andNoWatcherStarts() {
        feed.made();
        feed.made();

        assertThat(feed.count()).isEqualTo(2);
        assertThat(watcher.started).hasValue(0);
    }

    @Test
    void heardChange_countedAndDeliveredToEveryListener_byOneWatcher() throws Exception {
        ChangeReports one = new ChangeReports();
        ChangeReports two = new ChangeReports();
        try (Closeable first = feed.listen(one); Closeable second = feed.listen(two)) {
            watcher.heard.accept(MemoryChanges.EVERYTHING);

            assertThat(watcher.started).hasValue(1);
            assertThat(feed.count()).isEqualTo(1);
            assertThat(one.await(MemoryChanges::everything, WAIT)).isTrue();
            assertThat(two.await(MemoryChanges::everything, WAIT)).isTrue();
        }
    }

    @Test
    void watcherStopped_whenTheLastListenerLeaves_andStartedAgainByTheNext() throws Exception {
        Closeable first = feed.listen(changes -> { });
        Closeable second = feed.listen(changes -> { });

        first.close();
        assertThat(watcher.running()).as("one listener is left").isTrue();
        second.close();
        assertThat(watcher.running()).as("none is left").isFalse();
        second.close();
        assertThat(watcher.stopped).as("a listener closed twice leaves once").hasValue(1);

        try (Closeable again = feed.listen(changes -> { })) {
            assertThat(watcher.running()).isTrue();
            assertThat(watcher.started).hasValue(2);
        }
    }

    @Test
    void closingTheFeed_stopsTheWatcher() throws Exception {
        feed.listen(changes -> { });

        feed.close();

        assertThat(watcher.running()).isFalse();
    }

    @Test
    void aThrowingListener_doesNotStopTheOthers() throws Exception {
        ChangeReports after = new ChangeReports();
        try (Closeable failing = feed.listen(changes -> {
                    throw new IllegalStateException("a listener's own failure");
                });
                Closeable listening = feed.listen(after)) {
            watcher.heard.accept(MemoryChanges.of(Set.of("a.md")));
            watcher.heard.accept(MemoryChanges.of(Set.of("b.md")));

            assertThat(after.through("b.md", WAIT)).hasSize(2);
        }
    }

    @Test
    void deliveredOffTheWatchersThread_soASlowListenerHoldsNoReportBack() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Thread> deliveredOn = new CompletableFuture<>();
        try (Closeable slow = feed.listen(changes -> {
            deliveredOn.complete(Thread.currentThread());
            awaitQuietly(release);
        })) {
            watcher.heard.accept(MemoryChanges.of(Set.of("a.md")));
            watcher.heard.accept(MemoryChanges.of(Set.of("b.md")));

            assertThat(feed.count()).as("both counted while the listener still holds the first").isEqualTo(2);
            assertThat(deliveredOn.get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                    .isNotEqualTo(Thread.currentThread())
                    .extracting(Thread::getName).isEqualTo("memdir-changes");
        } finally {
            release.countDown();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

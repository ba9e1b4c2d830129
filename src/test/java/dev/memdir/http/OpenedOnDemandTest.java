package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Opening at first use, closing what went unused, the cap, and leases that never get a closing thing. */
class OpenedOnDemandTest {

    private static final Duration IDLE = Duration.ofMinutes(10);

    private static final Duration LONGER_IDLE = Duration.ofHours(24);

    /** A thing that knows whether it was closed, and how often, and can ask to be kept longer. */
    private static final class Thing implements Closeable {
        final String key;
        final AtomicInteger closes = new AtomicInteger();
        volatile boolean keptLonger;

        Thing(String key) {
            this.key = key;
        }

        boolean closed() {
            return closes.get() > 0;
        }

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }

    private final AtomicLong clock = new AtomicLong(1_000);
    private final List<Thing> opened = new ArrayList<>();

    private OpenedOnDemand<String, Thing> things(int maxOpen) {
        return things(IDLE, maxOpen);
    }

    private OpenedOnDemand<String, Thing> things(Duration idle, int maxOpen) {
        return new OpenedOnDemand<>(key -> {
            Thing thing = new Thing(key);
            synchronized (opened) {
                opened.add(thing);
            }
            return thing;
        }, clock::get, idle, thing -> thing.keptLonger, LONGER_IDLE, maxOpen);
    }

    /** Returns the thing of {@code key} after one lease on it, released. */
    private static Thing usedOnce(OpenedOnDemand<String, Thing> things, String key) throws IOException {
        try (var lease = things.lease(key)) {
            return lease.value();
        }
    }

    private void pass(Duration time) {
        clock.addAndGet(time.toNanos());
    }

    @Test
    void openedAtFirstLease_sameThingUntilClosed() throws IOException {
        OpenedOnDemand<String, Thing> things = things(256);

        Thing first = usedOnce(things, "ann");
        try (var again = things.lease("ann"); var other = things.lease("bob")) {
            assertThat(again.value()).isSameAs(first);
            assertThat(other.value()).isNotSameAs(first);
        }
        assertThat(opened).hasSize(2);
    }

    @Test
    void unusedForTheIdleTime_closed_thenOpenedAfreshAtTheNextLease() throws IOException {
        OpenedOnDemand<String, Thing> things = things(256);
        Thing first = usedOnce(things, "ann");

        pass(IDLE.minusSeconds(1));
        things.closeIdle();
        assertThat(first.closed()).isFalse();
        pass(Duration.ofSeconds(1));
        things.closeIdle();
        assertThat(first.closed()).isTrue();
        assertThat(things.openCount()).isZero();

        try (var lease = things.lease("ann")) {
            assertThat(lease.value()).isNotSameAs(first);
            assertThat(lease.value().closed()).isFalse();
        }
        assertThat(opened).hasSize(2);
    }

    @Test
    void heldPastTheIdleTime_neverClosed_andTheIdleTimeCountsFromTheRelease() throws IOException {
        OpenedOnDemand<String, Thing> things = things(256);
        var lease = things.lease("ann");

        pass(IDLE.multipliedBy(3));
        things.closeIdle();
        assertThat(lease.value().closed()).isFalse();

        lease.close();
        lease.close(); // a second release changes nothing
        things.closeIdle();
        assertThat(lease.value().closed()).isFalse();
        try (var held = things.lease("ann")) {
            assertThat(held.value()).isSameAs(lease.value());
        }
        pass(IDLE);
        things.closeIdle();
        assertThat(lease.value().closed()).isTrue();
    }

    @Test
    void pastTheCap_leastRecentlyUsedUnheldClosed() throws IOException {
        OpenedOnDemand<String, Thing> things = things(2);
        var ann = things.lease("ann");
        ann.close();
        pass(Duration.ofSeconds(1));
        var bob = things.lease("bob");
        bob.close();
        pass(Duration.ofSeconds(1));
        try (var annAgain = things.lease("ann")) {
            pass(Duration.ofSeconds(1));
            try (var cyd = things.lease("cyd")) {
                assertThat(bob.value().closed()).isTrue();
                assertThat(ann.value().closed()).isFalse();
                assertThat(cyd.value().closed()).isFalse();
                assertThat(things.openCount()).isEqualTo(2);
            }
        }
    }

    @Test
    void pastTheCapWithEveryThingHeld_servedAnyway_noneClosed() throws IOException {
        OpenedOnDemand<String, Thing> things = things(2);
        try (var ann = things.lease("ann"); var bob = things.lease("bob"); var cyd = things.lease("cyd")) {
            assertThat(List.of(ann.value(), bob.value(), cyd.value())).noneMatch(Thing::closed);
            assertThat(things.openCount()).isEqualTo(3);
        }
        try (var dan = things.lease("dan")) {
            assertThat(things.openCount()).isEqualTo(2);
            assertThat(opened.subList(0, 3)).filteredOn(Thing::closed).hasSize(2);
        }
    }

    @Test
    void aThingKeptLonger_outlastsTheIdleTime_untilTheLongerOneOrUntilItLetsGo() throws IOException {
        OpenedOnDemand<String, Thing> things = things(256);
        Thing ann = usedOnce(things, "ann");
        Thing bob = usedOnce(things, "bob");
        ann.keptLonger = true;
        bob.keptLonger = true;

        pass(IDLE.plusMinutes(1));
        things.closeIdle();
        assertThat(ann.closed()).isFalse();
        assertThat(bob.closed()).isFalse();

        bob.keptLonger = false;
        things.closeIdle();
        assertThat(bob.closed()).isTrue();

        pass(LONGER_IDLE);
        things.closeIdle();
        assertThat(ann.closed()).isTrue();
    }

    @Test
    void failedOpen_thrown_andTriedAgainAtTheNextLease() throws IOException {
        AtomicBoolean fail = new AtomicBoolean(true);
        OpenedOnDemand<String, Thing> things = new OpenedOnDemand<>(key -> {
            if (fail.get()) {
                throw new IOException("the database is away");
            }
            return new Thing(key);
        }, clock::get, IDLE, thing -> false, LONGER_IDLE, 256);

        assertThatThrownBy(() -> things.lease("ann")).hasMessage("the database is away");
        fail.set(false);
        try (var lease = things.lease("ann")) {
            assertThat(lease.value().key).isEqualTo("ann");
        }
    }

    @Test
    void close_closesEveryThing_heldOrNot() throws IOException {
        OpenedOnDemand<String, Thing> things = things(256);
        var held = things.lease("ann");
        things.lease("bob").close();

        things.close();

        assertThat(opened).allMatch(Thing::closed);
        held.close();
    }

    /**
     * Leases taken and released on many threads while another closes everything unused the moment it is: no lease is
     * ever handed a thing that is closed or closing, and each thing is closed once.
     */
    @Test
    void leasesRacingTheCloser_neverGetAClosedThing() throws Exception {
        OpenedOnDemand<String, Thing> things = things(Duration.ZERO, 1);
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        AtomicBoolean done = new AtomicBoolean();
        ExecutorService threads = Executors.newFixedThreadPool(5);
        try {
            Future<?> closer = threads.submit(() -> {
                while (!done.get()) {
                    clock.incrementAndGet();
                    things.closeIdle();
                }
            });
            List<Future<?>> users = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                String key = "user-" + t;
                users.add(threads.submit(() -> {
                    for (int i = 0; i < 20_000; i++) {
                        Thread.yield();
                        try (var lease = things.lease(key)) {
                            if (lease.value().closed()) {
                                wrong.add("handed a closed thing");
                            }
                            Thread.onSpinWait();
                            if (lease.value().closed()) {
                                wrong.add("closed while held");
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> user : users) {
                user.get(60, TimeUnit.SECONDS);
            }
            done.set(true);
            closer.get(10, TimeUnit.SECONDS);
        } finally {
            threads.shutdownNow();
        }

        assertThat(wrong).isEmpty();
        assertThat(opened.size()).isGreaterThan(4); // the closer and the cap did close things meanwhile
        things.close();
        assertThat(opened).allMatch(thing -> thing.closes.get() == 1);
    }
}

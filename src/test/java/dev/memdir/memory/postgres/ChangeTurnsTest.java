package dev.memdir.memory.postgres;

import static dev.memdir.memory.ToolCalls.text;
import static dev.memdir.memory.ToolCalls.tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memdir.Eventually;
import dev.memdir.memory.render.FaultMessages;
import dev.memdir.memory.store.StoreLimits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The changes of one namespace wait their turn in the process, so the pool's other connections stay for reads. */
class ChangeTurnsTest {

    private static final StoreLimits LIMITS = StoreLimits.perFile(1 << 20);
    private static final Duration STORE_TIMEOUT = Duration.ofSeconds(3);

    @Test
    void writersQueuedOnOneNamespace_holdNoConnection_soAReadIsServedMeanwhile() throws Exception {
        String url = LocalPostgres.shared().freshDatabase();
        ExecutorService writers = Executors.newFixedThreadPool(4);
        try (PostgresDatabase database = PostgresDatabase.open(new PostgresConnection(url, new Properties(),
                STORE_TIMEOUT), 2, 1);
                PostgresStore ann = database.open(PostgresOptions.of("team/a", LIMITS, "ann"));
                PostgresStore bob = database.open(PostgresOptions.of("team/a", LIMITS, "bob"));
                PostgresStore reader = database.open(PostgresOptions.of("team/a", LIMITS, "cyd"))) {
            text(tool(ann), "create", "path", "/memories/a.md", "file_text", "first\n");
            CountDownLatch inChange = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            // Ann's change holds one of the two connections (and the namespace's row lock) until released.
            Future<?> held = writers.submit(() -> ann.change(files -> {
                inChange.countDown();
                awaitUninterruptibly(release);
                return null;
            }));
            assertThat(inChange.await(10, TimeUnit.SECONDS)).isTrue();
            List<Future<String>> queued = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                String line = "queued " + i + "\n";
                queued.add(writers.submit(() -> text(tool(bob), "insert", "path", "/memories/a.md",
                        "insert_line", 1, "insert_text", line)));
            }
            Eventually.until("three writers queued behind ann", Duration.ofSeconds(10),
                    () -> database.turnOf(ann).getQueueLength() >= 3);
            assertThat(database.turnOf(ann).getQueueLength()).isEqualTo(3);

            // Had the queued writers each taken a connection to wait on the row lock, the pool of two would be
            // spent and this read would fail after the store timeout.
            assertThat(text(tool(reader), "view", "path", "/memories/a.md")).contains("first");

            release.countDown();
            held.get(10, TimeUnit.SECONDS);
            for (Future<String> insert : queued) {
                assertThat(insert.get(20, TimeUnit.SECONDS)).isEqualTo("The file /memories/a.md has been edited.");
            }
            assertThat(text(tool(reader), "view", "path", "/memories/a.md")).contains("queued 0", "queued 1",
                    "queued 2", "first");
        } finally {
            writers.shutdownNow();
        }
    }

    @Test
    void aChangeThatWaitsItsTurnPastTheTimeout_isBusy_andChangesNothing() throws Exception {
        String url = LocalPostgres.shared().freshDatabase();
        ExecutorService holder = Executors.newSingleThreadExecutor();
        try (PostgresDatabase database = PostgresDatabase.open(new PostgresConnection(url, new Properties(),
                Duration.ofSeconds(1)), 2, 1);
                PostgresStore ann = database.open(PostgresOptions.of("team/a", LIMITS, "ann"));
                PostgresStore bob = database.open(PostgresOptions.of("team/a", LIMITS, "bob"))) {
            CountDownLatch taken = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Future<?> held = holder.submit(() -> {
                database.turnOf(ann).lock();
                try {
                    taken.countDown();
                    awaitUninterruptibly(release);
                } finally {
                    database.turnOf(ann).unlock();
                }
            });
            assertThat(taken.await(10, TimeUnit.SECONDS)).isTrue();

            assertThatThrownBy(() -> text(tool(bob), "create", "path", "/memories/b.md", "file_text", "never\n"))
                    .hasMessage(FaultMessages.storeLocked(Duration.ofSeconds(1)));
            release.countDown();
            held.get(10, TimeUnit.SECONDS);
            assertThat(text(tool(bob), "view", "path", "/memories")).doesNotContain("b.md");
        } finally {
            holder.shutdownNow();
        }
    }

    /** Waits for {@code latch} inside a store's work, which may not throw InterruptedException. */
    private static void awaitUninterruptibly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

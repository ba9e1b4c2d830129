package dev.memdir.memory.postgres;

import static dev.memdir.memory.ToolCalls.answer;
import static dev.memdir.memory.ToolCalls.text;
import static dev.memdir.memory.ToolCalls.tool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.ToolCalls;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.memory.store.Usage;
import java.io.IOException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What a call answers when the database is gone or a lock is held too long: the exact error, nothing changed,
 * and the same store working again by itself once the database is back.
 */
class PostgresFaultsTest {

    private static final StoreLimits LIMITS = StoreLimits.perFile(1 << 20);
    private static final Duration TIMEOUT = Duration.ofSeconds(1);
    private static final String NAMESPACE_LOCK = "SELECT * FROM memdir.namespaces FOR UPDATE";
    private static final String REFUSED =
            "Error: memory store unavailable (connection refused). Nothing was changed.";
    private static final String ENDED =
            "Error: memory store unavailable (the database ended the connection). Nothing was changed.";

    /** A store on a namespace that holds {@code /memories/a.md} with the text {@code before}, and its tool. */
    private record Memory(PostgresStore store, MemoryTool tool) implements AutoCloseable {

        static Memory holdingA(String url, Duration timeout) throws Exception {
            PostgresStore store = PostgresStore.open(new PostgresConnection(url, new Properties(), timeout),
                    PostgresOptions.of("team", LIMITS, "t"));
            MemoryTool tool = ToolCalls.tool(store);
            text(tool, "create", "path", "/memories/a.md", "file_text", "before");
            return new Memory(store, tool);
        }

        @Override
        public void close() throws IOException {
            store.close();
        }
    }

    @Test
    void databaseStoppedDuringACallAndBetweenCalls_callsAnswerUnavailableAndTheSameToolWorksWhenItIsBack()
            throws Exception {
        LocalPostgres server = LocalPostgres.startPrivate();
        String url = server.freshDatabase();
        try (Memory memory = Memory.holdingA(url, TIMEOUT)) {
            MemoryTool tool = memory.tool();
            CompletableFuture<String> duringTheStop;
            try (RowLock writer = RowLock.hold(url, NAMESPACE_LOCK)) {
                // The store must wait for the lock longer than the stop takes, so it waits on a pool of its own.
                try (PostgresStore patient = PostgresStore.open(new PostgresConnection(url, new Properties(),
                        Duration.ofSeconds(30)), PostgresOptions.of("team", LIMITS, "p"))) {
                    MemoryTool waiting = tool(patient);
                    duringTheStop = CompletableFuture.supplyAsync(() -> answer(waiting, "str_replace",
                            "path", "/memories/a.md", "old_str", "before", "new_str", "during"));
                    writer.awaitAWaiter(Duration.ofSeconds(10));
                    server.stop();
                    assertThat(duringTheStop.get(30, TimeUnit.SECONDS)).isEqualTo(ENDED);
                }
            }
            // Past the pool's 0.5 s of trust in an idle connection, so the pool looks at its dead one.
            Thread.sleep(600);

            long started = System.nanoTime();
            assertThat(answer(tool, "create", "path", "/memories/b.md", "file_text", "b")).isEqualTo(REFUSED);
            assertThat(answer(tool, "str_replace", "path", "/memories/a.md", "old_str", "before", "new_str", "x"))
                    .isEqualTo(REFUSED);
            assertThat(answer(tool, "view", "path", "/memories/a.md")).isEqualTo(REFUSED);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("three calls, each waiting at most 1 s")
                    .isLessThan(Duration.ofSeconds(6));

            server.startAgain();
            // The pool retries a connection at most 5 s apart, and a call waits for one only 1 s here; a database
            // still starting on a busy machine may answer busy or starting up for a while too.
            long back = System.nanoTime();
            String view = answer(tool, "view", "path", "/memories/a.md");
            while (view.startsWith("Error: memory store ") && System.nanoTime() - back < TimeUnit.SECONDS.toNanos(30)) {
                view = answer(tool, "view", "path", "/memories/a.md");
            }
            assertThat(view).endsWith("\tbefore");
            assertThat(answer(tool, "view", "path", "/memories/b.md")).startsWith("Error: The path /memories/b.md");
            text(tool, "create", "path", "/memories/b.md", "file_text", "after");
            assertThat(memory.store().usage()).isEqualTo(new Usage(2, 11));
        } finally {
            server.startAgainIfStopped();
        }
    }

    @Test
    void connectionEndedWhileAChangeWaits_answersUnavailableChangesNothingAndTheNextCallWorks() throws Exception {
        String url = LocalPostgres.shared().freshDatabase();
        try (Memory memory = Memory.holdingA(url, Duration.ofSeconds(30))) {
            MemoryTool tool = memory.tool();
            try (RowLock writer = RowLock.hold(url, NAMESPACE_LOCK)) {
                CompletableFuture<String> ended = CompletableFuture.supplyAsync(() -> answer(tool, "str_replace",
                        "path", "/memories/a.md", "old_str", "before", "new_str", "during"));
                writer.awaitAWaiter(Duration.ofSeconds(10));
                writer.endTheWaiters();

                assertThat(ended.get(30, TimeUnit.SECONDS)).isEqualTo(ENDED);
            }
            assertThat(text(tool, "view", "path", "/memories/a.md")).endsWith("\tbefore");
            text(tool, "str_replace", "path", "/memories/a.md", "old_str", "before", "new_str", "after");
            assertThat(text(tool, "view", "path", "/memories/a.md")).endsWith("\tafter");
        }
    }

    @Test
    void namespaceLockedPastTheTimeout_changesAnswerBusyAndChangeNothingWhileReadsGoOn() throws Exception {
        String url = LocalPostgres.shared().freshDatabase();
        try (Memory memory = Memory.holdingA(url, TIMEOUT)) {
            MemoryTool tool = memory.tool();
            try (RowLock writer = RowLock.hold(url, NAMESPACE_LOCK)) {
                long started = System.nanoTime();

                assertThat(answer(tool, "create", "path", "/memories/b.md", "file_text", "b")).isEqualTo(
                        "Error: memory store busy (another writer held the memory for more than 1 s)."
                                + " Nothing was changed.");
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
                assertThat(text(tool, "view", "path", "/memories/a.md")).endsWith("\tbefore");
            }
            assertThat(answer(tool, "view", "path", "/memories/b.md")).startsWith("Error: The path /memories/b.md");
            text(tool, "create", "path", "/memories/b.md", "file_text", "b");
        }
    }

    @Test
    void readBlockedPastTheTimeout_answersBusy() throws Exception {
        String url = LocalPostgres.shared().freshDatabase();
        try (Memory memory = Memory.holdingA(url, TIMEOUT)) {
            MemoryTool tool = memory.tool();
            try (RowLock migration = RowLock.hold(url, "LOCK TABLE memdir.entries IN ACCESS EXCLUSIVE MODE")) {
                assertThat(answer(tool, "view", "path", "/memories/a.md")).isEqualTo(
                        "Error: memory store busy (the database did not answer within 1 s). Nothing was changed.");
            }
            assertThat(text(tool, "view", "path", "/memories/a.md")).endsWith("\tbefore");
        }
    }
}

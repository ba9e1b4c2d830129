package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.index.IndexBudget;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.StoreLimits;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How a store tells of changes: its own at once, with the paths it wrote; a change made through another store on the
 * same memory within the store's {@link StoreKind#noticeWithin()} (1 s, or the 3 s object storage is allowed).
 */
class WatchTest extends OnEveryStore {

    @AutoClose MemoryStore other;
    @AutoClose Closeable watch;
    private final ChangeReports reports = new ChangeReports();

    @BeforeEach
    void open() throws IOException {
        other = memory.another(StoreLimits.perFile(MemoryFixture.DEFAULT_MAX_FILE_BYTES), "another-process");
        watch = memory.store.changes().listen(reports);
    }

    /** Runs a command through the other store, as another memdir process would. */
    private void call(String command, Object... keysAndValues) throws CommandException {
        new MemoryTool(other, MemoryFixture.stamper(), false, IndexBudget.DEFAULT)
                .call(command, MemoryFixture.args(keysAndValues));
    }

    private boolean awaitInTime(String relative) throws InterruptedException {
        return reports.await(changes -> changes.touches(relative), kind.noticeWithin());
    }

    private void write(String relative, String content) throws CommandException {
        call("create", "path", "/memories/" + relative, "file_text", content);
    }

    @Test
    void writeThroughAnotherStore_reachesTheListenerInTime() throws Exception {
        write("MEMORY.md", "- one\n");

        assertThat(awaitInTime("MEMORY.md")).isTrue();
    }

    @Test
    void renameThroughAnotherStore_reportsBothNames() throws Exception {
        write("draft.md", "text\n");
        assertThat(awaitInTime("draft.md")).isTrue();

        call("rename", "old_path", "/memories/draft.md", "new_path", "/memories/final.md");

        assertThat(reports.await(changes -> changes.touches("draft.md") && changes.touches("final.md"),
                kind.noticeWithin())).isTrue();
    }

    @Test
    void ownRename_countedBeforeTheCallReturns_andReportedWithBothNames() throws Exception {
        memory.text("create", "path", "/memories/draft.md", "file_text", "text\n");
        long before = memory.store.changes().count();

        memory.text("rename", "old_path", "/memories/draft.md", "new_path", "/memories/notes/final.md");

        assertThat(memory.store.changes().count()).isGreaterThan(before);
        Set<String> heard = new HashSet<>();
        assertThat(reports.await(changes -> heard.addAll(changes.paths())
                && heard.containsAll(Set.of("draft.md", "notes/final.md")), kind.noticeWithin())).isTrue();
    }

    @Test
    void directoryMadeAfterTheWatchStarted_isWatchedToo() throws Exception {
        write("topics/first.md", "one\n");
        assertThat(reports.await(changes -> changes.everything()
                || changes.paths().stream().anyMatch(path -> path.startsWith("topics")), kind.noticeWithin()))
                .isTrue();

        write("topics/second.md", "two\n");

        assertThat(awaitInTime("topics/second.md")).isTrue();
    }

    @Test
    void memdirsOwnFiles_areNeverReported() throws Exception {
        write("notes.md", "one\n");
        call("str_replace", "path", "/memories/notes.md", "old_str", "one", "new_str", "two");
        write("barrier.md", "last\n");

        assertThat(reports.through("barrier.md", kind.noticeWithin().multipliedBy(10)))
                .allSatisfy(changes -> assertThat(changes.paths()).noneMatch(path -> path.contains(".memdir")));
    }

    @Test
    void steadyWrites_areReportedWhileTheyGoOn() throws Exception {
        write("MEMORY.md", "- start\n");
        long stopAt = System.nanoTime() + kind.noticeWithin().multipliedBy(3).toNanos();
        for (int line = 1; System.nanoTime() < stopAt; line++) {
            call("insert", "path", "/memories/MEMORY.md", "insert_line", 0, "insert_text", "- " + line + "\n");
            Thread.sleep(20);
        }

        // Taken the moment the writes stop: a watcher waiting for quiet would have reported nothing yet.
        assertThat(reports.all(Duration.ZERO)).filteredOn(changes -> changes.touches("MEMORY.md")).hasSizeGreaterThan(2);
    }
}

package dev.memdir.desk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.memdir.Eventually;
import dev.memdir.index.IndexBudget;
import dev.memdir.index.Verdict;
import dev.memdir.memory.MemoryAges;
import dev.memdir.memory.MemoryFixture;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.OnEveryStore;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.recall.Recall;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What a person does on the web page, on every store: through the memory tool, with its lock and its history. */
class MemoryDeskTest extends OnEveryStore {

    private static final Duration STALE_AFTER = Duration.ofDays(90);

    private MemoryDesk desk;

    @BeforeEach
    void openDesk() throws Exception {
        memory.close();
        memory = MemoryFixture.open(temp, kind, StoreLimits.perFile(MemoryFixture.DEFAULT_MAX_FILE_BYTES),
                new HistoryLimits(200, 10L << 20), false);
        desk = new MemoryDesk(memory.store, memory.tool, new Recall(memory.store), IndexBudget.DEFAULT, STALE_AFTER,
                false, Clock.fixed(MemoryFixture.NOW, ZoneOffset.UTC));
    }

    @AfterEach
    void closeDesk() throws Exception {
        desk.close();
    }

    @Test
    void aDirectoryListsOneLevel_directoriesFirst_staleFilesMarked() throws Exception {
        memory.write("notes.md", "---\nmetadata:\n  modified: 2020-01-01T00:00:00Z\n---\nold news\n");
        memory.write("fresh.md", "---\nmetadata:\n  modified: 2026-11-28T00:00:00Z\n---\nnew\n");
        memory.write("work/deploys.md", "canary\n");
        memory.write("work/old/x.md", "x\n");

        DirectoryPage root = desk.directory(path("/memories"), 0);
        DirectoryPage work = desk.directory(path("/memories/work"), 0);

        assertThat(root.entries()).extracting(DeskEntry::path)
                .containsExactly("/memories/work", "/memories/fresh.md", "/memories/notes.md");
        assertThat(root.entries()).extracting(DeskEntry::stale).containsExactly(false, false, true);
        assertThat(root.entries().get(0).directory()).isTrue();
        assertThat(root.entries().get(2).modified()).contains(Instant.parse("2020-01-01T00:00:00Z"));
        assertThat(work.entries()).extracting(DeskEntry::name).containsExactly("old", "deploys.md");
        assertThat(root.total()).isEqualTo(3);
        assertThat(root.hasMore()).isFalse();
    }

    @Test
    void aLargeDirectoryPages() throws Exception {
        Map<String, String> many = new HashMap<>();
        for (int i = 0; i < MemoryDesk.ENTRIES_PER_PAGE + 20; i++) {
            many.put(String.format("many/%04d.md", i), "n\n");
        }
        memory.writeAllText(many);

        DirectoryPage first = desk.directory(path("/memories/many"), 0);
        DirectoryPage second = desk.directory(path("/memories/many"), MemoryDesk.ENTRIES_PER_PAGE);
        DirectoryPage past = desk.directory(path("/memories/many"), Integer.MAX_VALUE);

        assertThat(first.entries()).hasSize(MemoryDesk.ENTRIES_PER_PAGE);
        assertThat(first.hasMore()).isTrue();
        assertThat(second.entries()).hasSize(20);
        assertThat(second.entries().get(0).name()).isEqualTo("0500.md");
        assertThat(past.offset()).as("past the end: the last page").isEqualTo(MemoryDesk.ENTRIES_PER_PAGE);
        assertThat(past.entries()).hasSize(20);
        assertThat(first.total()).isEqualTo(MemoryDesk.ENTRIES_PER_PAGE + 20);
    }

    @Test
    void aSaveWritesWhenTheFileIsAsItWasOpened() throws Exception {
        memory.write("a.md", "one\n");
        OpenedFile opened = desk.file(path("/memories/a.md"));

        String answer = desk.save(opened.path(), opened.sha256(), "two\n");

        assertThat(answer).isEqualTo("The memory file /memories/a.md has been saved.");
        assertThat(memory.read("a.md")).isEqualTo("two\n");
        assertThat(memory.store.versions(opened.path())).extracting(FileVersion::session)
                .containsExactly(MemoryFixture.SESSION);
    }

    @Test
    void aSaveOfAFileChangedSinceItWasOpenedWritesNothing_andShowsWhatIsThereNow() throws Exception {
        memory.write("a.md", "one\n");
        OpenedFile opened = desk.file(path("/memories/a.md"));
        memory.text("str_replace", "path", "/memories/a.md", "old_str", "one", "new_str", "an agent's");

        EditConflict conflict = catchThrowableOfType(EditConflict.class,
                () -> desk.save(opened.path(), opened.sha256(), "mine\n"));

        assertThat(conflict).isNotNull();
        assertThat(conflict.theirs().text()).isEqualTo("an agent's\n");
        assertThat(conflict.yours()).isEqualTo("mine\n");
        assertThat(memory.read("a.md")).isEqualTo("an agent's\n");
        assertThat(memory.store.versions(opened.path())).as("the agent's edit kept one version, the save none")
                .hasSize(1);
        assertThat(desk.diff(conflict.theirs().text(), "mine\n")).extracting(DiffLine::kind)
                .containsExactly(DiffLine.Kind.HUNK, DiffLine.Kind.REMOVED, DiffLine.Kind.ADDED);
    }

    @Test
    void aSaveKeepsTheFilesOwnLineEnds_whateverTheBrowserPosted() throws Exception {
        memory.write("crlf.md", "one\r\ntwo\r\n");
        memory.write("lf.md", "one\ntwo\n");
        OpenedFile crlf = desk.file(path("/memories/crlf.md"));
        OpenedFile lf = desk.file(path("/memories/lf.md"));

        desk.save(crlf.path(), crlf.sha256(), "one\nthree\n");
        desk.save(lf.path(), lf.sha256(), "one\r\nthree\r\n");

        assertThat(memory.read("crlf.md")).isEqualTo("one\r\nthree\r\n");
        assertThat(memory.read("lf.md")).isEqualTo("one\nthree\n");
    }

    @Test
    void aConflictShowsYourTextWithTheLineEndsOfTheFileNow() throws Exception {
        memory.write("a.md", "one\r\n");
        OpenedFile opened = desk.file(path("/memories/a.md"));
        memory.write("a.md", "an agent's\r\n");

        EditConflict conflict = catchThrowableOfType(EditConflict.class,
                () -> desk.save(opened.path(), opened.sha256(), "mine\nand more\n"));

        assertThat(conflict.yours()).isEqualTo("mine\r\nand more\r\n");
        assertThat(conflict.theirs().sha256()).isEqualTo(desk.file(opened.path()).sha256());
    }

    @Test
    void aSaveIsOneUnitOfWork_whetherItWritesOrMeetsAConflict() throws Exception {
        CountedUnits counted = new CountedUnits(memory.store);
        MemoryTool tool = new MemoryTool(counted, MemoryFixture.stamper(), false, IndexBudget.DEFAULT);
        memory.write("a.md", "one\n");
        memory.write("b.md", "one\n");
        OpenedFile a = desk.file(path("/memories/a.md"));
        OpenedFile b = desk.file(path("/memories/b.md"));
        memory.write("b.md", "an agent's\n");

        try (MemoryDesk countedDesk = new MemoryDesk(counted, tool, new Recall(memory.store), IndexBudget.DEFAULT,
                STALE_AFTER, false, Clock.fixed(MemoryFixture.NOW, ZoneOffset.UTC))) {
            countedDesk.save(a.path(), a.sha256(), "two\n");
            catchThrowableOfType(EditConflict.class, () -> countedDesk.save(b.path(), b.sha256(), "mine\n"));
        }

        assertThat(counted.changes).as("one change a save").hasValue(2);
        assertThat(counted.reads).as("nothing read outside it").hasValue(0);
    }

    @Test
    void aSaveOfAFileDeletedSinceItWasOpenedIsRefused() throws Exception {
        memory.write("a.md", "one\n");
        OpenedFile opened = desk.file(path("/memories/a.md"));
        memory.text("delete", "path", "/memories/a.md");

        CommandException refused = catchThrowableOfType(CommandException.class,
                () -> desk.save(opened.path(), opened.sha256(), "mine\n"));

        assertThat(refused.text()).isEqualTo(
                "Error: The path /memories/a.md does not exist. Please provide a valid path.");
        assertThat(memory.exists("a.md")).isFalse();
    }

    @Test
    void theHistoryPagesFiftyChangesNewestFirst_eachADiffToWhatFollowedIt() throws Exception {
        memory.text("create", "path", "/memories/log.md", "file_text", "v0\n");
        for (int i = 1; i <= 120; i++) {
            OpenedFile now = desk.file(path("/memories/log.md"));
            desk.save(now.path(), now.sha256(), "v" + i + "\n");
        }

        HistoryPage newest = desk.history(path("/memories/log.md"), 0);
        HistoryPage oldest = desk.history(path("/memories/log.md"), 2);
        HistoryPage past = desk.history(path("/memories/log.md"), 1_000_000);

        assertThat(newest.total()).isEqualTo(120);
        assertThat(newest.pages()).isEqualTo(3);
        assertThat(newest.changes()).hasSize(MemoryDesk.VERSIONS_PER_PAGE);
        assertThat(newest.changes().get(0).diff().orElseThrow()).containsExactly(
                new DiffLine(DiffLine.Kind.HUNK, "@@ -1,1 +1,1 @@"),
                new DiffLine(DiffLine.Kind.REMOVED, "v119"),
                new DiffLine(DiffLine.Kind.ADDED, "v120"));
        assertThat(oldest.changes()).hasSize(20);
        assertThat(oldest.changes().get(19).diff().orElseThrow()).contains(
                new DiffLine(DiffLine.Kind.REMOVED, "v0"), new DiffLine(DiffLine.Kind.ADDED, "v1"));
        assertThat(past.page()).isEqualTo(2);
    }

    @Test
    void aRestoredVersionIsTheFileAgain_aRedactedOneShowsNoContent() throws Exception {
        memory.text("create", "path", "/memories/a.md", "file_text", "secret: hunter2\n");
        OpenedFile first = desk.file(path("/memories/a.md"));
        desk.save(first.path(), first.sha256(), "clean\n");
        int kept = memory.store.versions(first.path()).get(0).number();

        desk.restore(first.path(), kept);
        String restored = memory.read("a.md");
        desk.redact(first.path(), kept);
        HistoryPage history = desk.history(first.path(), 0);

        assertThat(restored).isEqualTo("secret: hunter2\n");
        HistoryPage.Change redacted = history.changes().stream()
                .filter(change -> change.version().number() == kept).findFirst().orElseThrow();
        assertThat(redacted.version().redacted()).isTrue();
        assertThat(redacted.diff()).isEmpty();
        assertThat(memory.read("a.md")).as("a redaction takes a kept version, not the file").isEqualTo(restored);
    }

    @Test
    void pruneArchivesOnlyTheStaleFilesAmongThoseNamed() throws Exception {
        memory.write("old.md", "---\nmetadata:\n  modified: 2020-01-01T00:00:00Z\n---\nold\n");
        memory.write("older.md", "---\nmetadata:\n  modified: 2019-01-01T00:00:00Z\n---\nolder\n");
        memory.write("fresh.md", "---\nmetadata:\n  modified: 2026-11-28T00:00:00Z\n---\nnew\n");

        List<String> answers = desk.prune(List.of("/memories/old.md", "/memories/fresh.md", "/memories/../x.md",
                "/memories/MEMORY.md"));

        assertThat(answers).hasSize(1);
        assertThat(memory.exists("archive/old.md")).isTrue();
        assertThat(memory.exists("older.md")).as("stale, but not named").isTrue();
        assertThat(memory.exists("fresh.md")).isTrue();
        assertThat(desk.stale()).extracting(MemoryAges.Age::path).containsExactly("/memories/older.md");
    }

    @Test
    void deletedAndMovedFilesAreFoundAgainByTheirHistory_mostRecentFirst() throws Exception {
        memory.text("create", "path", "/memories/gone.md", "file_text", "bye\n");
        memory.text("create", "path", "/memories/moved.md", "file_text", "here\n");
        memory.text("create", "path", "/memories/kept.md", "file_text", "stays\n");
        memory.text("delete", "path", "/memories/gone.md");
        memory.text("rename", "old_path", "/memories/moved.md", "new_path", "/memories/there.md");

        List<GoneFile> gone = desk.gone();

        assertThat(gone).extracting(file -> file.path().display())
                .containsExactlyInAnyOrder("/memories/gone.md", "/memories/moved.md");
        GoneFile moved = gone.stream().filter(file -> file.path().display().equals("/memories/moved.md"))
                .findFirst().orElseThrow();
        assertThat(moved.last().renamedTo()).map(MemoryPath::display).contains("/memories/there.md");
        GoneFile deleted = gone.stream().filter(file -> file.path().display().equals("/memories/gone.md"))
                .findFirst().orElseThrow();
        assertThat(deleted.last().operation()).isEqualTo(FileVersion.Operation.DELETE);
        desk.restore(deleted.path(), deleted.last().number());
        assertThat(memory.read("gone.md")).isEqualTo("bye\n");
        assertThat(desk.gone()).extracting(file -> file.path().display()).containsExactly("/memories/moved.md");
    }

    @Test
    void theIndexGaugeMeasuresMemoryMdAgainstItsBudget() throws Exception {
        assertThat(desk.index().exists()).isFalse();
        memory.write("MEMORY.md", "- a line\n".repeat(185));

        assertThat(desk.index().exists()).isTrue();
        assertThat(desk.index().measure().lines()).isEqualTo(185);
        assertThat(desk.index().measure().verdict()).isEqualTo(Verdict.NEAR);
    }

    @Test
    void aChangeMadeByAnotherProcessIsCounted() throws Exception {
        long before = desk.changes();
        try (MemoryStore agent = memory.another(StoreLimits.perFile(1 << 20), "agent")) {
            new MemoryTool(agent, MemoryFixture.stamper(), false, IndexBudget.DEFAULT)
                    .call("create", MemoryFixture.args("path", "/memories/by-agent.md", "file_text", "hi"));
        }

        Eventually.until("the agent's change counted", Duration.ofSeconds(30), () -> desk.changes() > before);
    }

    private static MemoryPath path(String path) throws Exception {
        return MemoryPathParser.parse(path);
    }
}

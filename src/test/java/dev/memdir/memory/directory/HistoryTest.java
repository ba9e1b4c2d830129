package dev.memdir.memory.directory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

import dev.memdir.memory.MemoryFixture;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.OnEveryStore;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.StoreLimits;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class HistoryTest extends OnEveryStore {

    private static MemoryPath path(String virtual) throws Exception {
        return MemoryPathParser.parse(virtual);
    }

    private void restore(String virtual) throws Exception {
        memory.tool.restore(path(virtual), Optional.empty());
    }

    @Test
    void strReplaceAndInsertAreUndone() throws Exception {
        memory.write("notes.md", "one\n");
        memory.text("str_replace", "path", "/memories/notes.md", "old_str", "one", "new_str", "two");
        memory.text("insert", "path", "/memories/notes.md", "insert_line", 0, "insert_text", "zero\n");

        restore("/memories/notes.md");
        assertThat(memory.read("notes.md")).isEqualTo("two\n");
        memory.tool.restore(path("/memories/notes.md"), Optional.of(1));
        assertThat(memory.read("notes.md")).isEqualTo("one\n");
    }

    @Test
    void deleteOfAFileAndOfADirectoryIsUndone() throws Exception {
        memory.write("gone.md", "kept\n");
        memory.write("dir/a.md", "a\n");
        memory.write("dir/sub/b.md", "b\n");
        memory.text("delete", "path", "/memories/gone.md");
        memory.text("delete", "path", "/memories/dir");

        restore("/memories/gone.md");
        restore("/memories/dir/sub/b.md");

        assertThat(memory.read("gone.md")).isEqualTo("kept\n");
        assertThat(memory.read("dir/sub/b.md")).isEqualTo("b\n");
        assertThat(memory.store.versions(path("/memories/dir/a.md"))).hasSize(1);
    }

    @Test
    void renameKeepsTheOldPathsContentSoItCanBeBroughtBack() throws Exception {
        memory.write("draft.md", "draft\n");
        memory.text("rename", "old_path", "/memories/draft.md", "new_path", "/memories/final.md");

        restore("/memories/draft.md");

        assertThat(memory.read("draft.md")).isEqualTo("draft\n");
        assertThat(memory.read("final.md")).isEqualTo("draft\n");
    }

    @Test
    void aRestoreIsItselfUndoable() throws Exception {
        memory.write("n.md", "first\n");
        memory.text("str_replace", "path", "/memories/n.md", "old_str", "first", "new_str", "second");

        restore("/memories/n.md");
        assertThat(memory.read("n.md")).isEqualTo("first\n");
        restore("/memories/n.md");
        assertThat(memory.read("n.md")).isEqualTo("second\n");
    }

    @Test
    void versionsSayWhenWhoHowLargeAndWhatNewestFirst() throws Exception {
        memory.write("n.md", "alpha\n");
        memory.text("str_replace", "path", "/memories/n.md", "old_str", "alpha", "new_str", "beta");
        memory.text("str_replace", "path", "/memories/n.md", "old_str", "beta", "new_str", "gamma!");

        List<FileVersion> versions = memory.store.versions(path("/memories/n.md"));

        assertThat(versions).extracting(FileVersion::number).containsExactly(2, 1);
        assertThat(versions).extracting(FileVersion::size).containsExactly(5L, 6L);
        assertThat(versions).extracting(FileVersion::session).containsOnly(MemoryFixture.SESSION);
        assertThat(versions.get(1).sha256()).contains(HexFormat.of().formatHex(
                MessageDigest.getInstance("SHA-256").digest("alpha\n".getBytes(StandardCharsets.UTF_8))));
        assertThat(memory.view("/memories")).doesNotContain(".memdir-history");
    }

    @Test
    void versionsSayWhichOperationReplacedThem() throws Exception {
        memory.write("n.md", "one\n");
        memory.text("str_replace", "path", "/memories/n.md", "old_str", "one", "new_str", "two");
        restore("/memories/n.md");
        memory.text("rename", "old_path", "/memories/n.md", "new_path", "/memories/m.md");
        memory.text("delete", "path", "/memories/m.md");

        assertThat(memory.store.versions(path("/memories/n.md"))).extracting(FileVersion::operation)
                .containsExactly(FileVersion.Operation.RENAME, FileVersion.Operation.RESTORE,
                        FileVersion.Operation.WRITE);
        assertThat(memory.store.versions(path("/memories/m.md"))).extracting(FileVersion::operation)
                .containsExactly(FileVersion.Operation.DELETE);
    }

    @Test
    void aDeletedFilesHistoryStaysListable() throws Exception {
        memory.write("gone.md", "first\n");
        memory.text("str_replace", "path", "/memories/gone.md", "old_str", "first", "new_str", "second");
        memory.text("delete", "path", "/memories/gone.md");

        assertThat(memory.exists("gone.md")).isFalse();
        assertThat(memory.store.versions(path("/memories/gone.md"))).extracting(FileVersion::number,
                FileVersion::size).containsExactly(tuple(2, 7L), tuple(1, 6L));
        List<MemoryPath> withHistory = memory.store.read(MemoryFiles::historyPaths);
        assertThat(withHistory).contains(path("/memories/gone.md"));
    }

    @Test
    void aMissingVersionIsAClearErrorThatChangesNothing() throws Exception {
        memory.write("n.md", "x\n");
        memory.text("str_replace", "path", "/memories/n.md", "old_str", "x", "new_str", "y");

        CommandException none = catchThrowableOfType(CommandException.class,
                () -> memory.tool.restore(path("/memories/n.md"), Optional.of(7)));
        CommandException never = catchThrowableOfType(CommandException.class,
                () -> memory.tool.restore(path("/memories/never.md"), Optional.empty()));

        assertThat(none.text()).isEqualTo("Error: The history of /memories/n.md holds no version 7");
        assertThat(never.text()).isEqualTo("Error: The history of /memories/never.md holds no version");
        assertThat(memory.read("n.md")).isEqualTo("y\n");
    }

    @Test
    void aDirectoryWhereTheFileWasIsNotRestoredOver() throws Exception {
        memory.write("n.md", "x\n");
        memory.text("delete", "path", "/memories/n.md");
        memory.write("n.md/inside.md", "keep\n");

        CommandException refused = catchThrowableOfType(CommandException.class,
                () -> memory.tool.restore(path("/memories/n.md"), Optional.empty()));

        assertThat(refused.text()).isEqualTo(
                "Error: /memories/n.md is not a regular file (a directory or a link); only a file can be restored over");
        assertThat(memory.read("n.md/inside.md")).isEqualTo("keep\n");
    }

    @Test
    void eachFileKeepsAtMostItsQuotaAndTheWholeHistoryItsBytesOldestFirst() throws Exception {
        try (MemoryFixture bounded = MemoryFixture.open(temp.resolve("bounded"), kind,
                StoreLimits.perFile(1 << 20), new HistoryLimits(3, 250), false)) {
            MemoryTool tool = bounded.tool;
            MemoryStore store = bounded.store;
            tool.call("create", MemoryFixture.args("path", "/memories/a.md", "file_text", "v0"));
            for (int i = 1; i <= 6; i++) {
                tool.call("str_replace", MemoryFixture.args("path", "/memories/a.md", "old_str", "v" + (i - 1),
                        "new_str", "v" + i));
            }
            assertThat(store.versions(path("/memories/a.md"))).extracting(FileVersion::number)
                    .containsExactly(6, 5, 4);

            // a.md's three versions hold 6 bytes; 246 more pass 250, so a.md's oldest version goes.
            tool.call("create", MemoryFixture.args("path", "/memories/big.md", "file_text", "X" + "B".repeat(245)));
            tool.call("str_replace", MemoryFixture.args("path", "/memories/big.md", "old_str", "X", "new_str", "Y"));
            assertThat(store.versions(path("/memories/big.md"))).hasSize(1);
            assertThat(store.versions(path("/memories/a.md"))).extracting(FileVersion::number)
                    .containsExactly(6, 5);
            assertThat(Stream.of("/memories/a.md", "/memories/big.md")
                    .flatMap(file -> versions(store, file).stream()).mapToLong(FileVersion::size).sum())
                    .isLessThanOrEqualTo(250);
        }
    }

    private static List<FileVersion> versions(MemoryStore store, String virtual) {
        try {
            return store.versions(path(virtual));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}

package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.index.IndexBudget;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Root-wide limits: a write past them fails and changes nothing; a vanished root is a clear error. */
class StoreLimitsTest {

    @TempDir Path temp;

    private MemoryTool open(StoreLimits limits) throws Exception {
        return new MemoryTool(MemoryStore.open(temp.resolve("memories"), limits, MemoryFixture.stamper()), false,
                IndexBudget.DEFAULT);
    }

    private static String error(MemoryTool tool, String command, Object... args) {
        try {
            tool.call(command, MemoryFixture.args(args));
        } catch (CommandException e) {
            return e.text();
        }
        throw new AssertionError(command + " succeeded");
    }

    @Test
    void fileCountLimit_refusesANewFileButNotAnEdit() throws Exception {
        MemoryTool tool = open(new StoreLimits(1000, StoreLimits.UNLIMITED, 2));
        tool.call("create", MemoryFixture.args("path", "/memories/a.md", "file_text", "a"));
        tool.call("create", MemoryFixture.args("path", "/memories/b.md", "file_text", "b"));

        assertThat(error(tool, "create", "path", "/memories/dir/c.md", "file_text", "c")).isEqualTo(
                "Error: Creating /memories/dir/c.md would make more than 2 files in the memory directory. Nothing"
                        + " was written; merge or delete files first.");
        assertThat(temp.resolve("memories/dir")).doesNotExist();
        tool.call("str_replace", MemoryFixture.args("path", "/memories/a.md", "old_str", "a", "new_str", "aa"));
        assertThat(temp.resolve("memories/a.md")).hasContent("aa");
    }

    @Test
    void rootByteLimit_countsTheFileBeingReplacedOnce() throws Exception {
        MemoryTool tool = open(new StoreLimits(1000, 10, StoreLimits.UNLIMITED));
        tool.call("create", MemoryFixture.args("path", "/memories/a.md", "file_text", "12345"));
        tool.call("str_replace", MemoryFixture.args("path", "/memories/a.md", "old_str", "12345",
                "new_str", "1234567890"));

        assertThat(error(tool, "insert", "path", "/memories/a.md", "insert_line", 1, "insert_text", "x")).isEqualTo(
                "Error: Writing /memories/a.md would make the memory directory 12 bytes, over its limit of 10 bytes."
                        + " Nothing was written; shorten or delete files first.");
        assertThat(temp.resolve("memories/a.md")).hasContent("1234567890");
    }

    @Test
    void rootDeletedWhileRunning_isAClearErrorForEveryCommand() throws Exception {
        MemoryTool tool = open(StoreLimits.perFile(1000));
        try (var paths = Files.walk(temp.resolve("memories"))) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        String gone = "Error: The memory directory no longer exists (it was deleted while memdir was running)."
                + " Nothing was changed; restart memdir to create it again.";

        assertThat(error(tool, "view", "path", "/memories")).isEqualTo(gone);
        assertThat(error(tool, "create", "path", "/memories/a.md", "file_text", "a")).isEqualTo(gone);
        assertThat(error(tool, "rename", "old_path", "/memories/a", "new_path", "/memories/b")).isEqualTo(gone);
        assertThat(temp.resolve("memories")).doesNotExist();
    }
}

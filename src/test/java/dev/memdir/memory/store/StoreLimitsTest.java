package dev.memdir.memory.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.index.IndexBudget;
import dev.memdir.memory.MemoryFixture;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.OnEveryStore;
import org.junit.jupiter.api.Test;

/** Root-wide limits: a write past them fails and changes nothing. */
public class StoreLimitsTest extends OnEveryStore {

    /** Opens a fresh memory with {@code limits} in place of the one each test starts on. */
    private MemoryTool open(StoreLimits limits) throws Exception {
        memory.close();
        memory = MemoryFixture.open(temp.resolve("limited"), kind, limits);
        return memory.tool;
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
        assertThat(memory.exists("dir")).isFalse();
        tool.call("str_replace", MemoryFixture.args("path", "/memories/a.md", "old_str", "a", "new_str", "aa"));
        assertThat(memory.read("a.md")).isEqualTo("aa");
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
        assertThat(memory.read("a.md")).isEqualTo("1234567890");
    }

    @Test
    void hiddenFilesCountAgainstTheLimits() throws Exception {
        MemoryTool tool = open(new StoreLimits(1000, StoreLimits.UNLIMITED, 2));
        twoHiddenFilesOneEdited(tool);

        assertThat(error(tool, "create", "path", "/memories/c.md", "file_text", "c")).startsWith(
                "Error: Creating /memories/c.md would make more than 2 files");
    }

    /** Fills a memory of two files at most with two hidden ones, and gives one of them a version. */
    public static void twoHiddenFilesOneEdited(MemoryTool tool) throws CommandException {
        tool.call("create", MemoryFixture.args("path", "/memories/.hidden.md", "file_text", "a"));
        tool.call("create", MemoryFixture.args("path", "/memories/node_modules/b.md", "file_text", "b"));
        tool.call("str_replace", MemoryFixture.args("path", "/memories/.hidden.md", "old_str", "a", "new_str", "x"));
    }

    @Test
    void totalsFollowDeletesAndRenames() throws Exception {
        MemoryTool tool = open(new StoreLimits(1000, 10, 3));
        tool.call("create", MemoryFixture.args("path", "/memories/dir/a.md", "file_text", "12345"));
        tool.call("create", MemoryFixture.args("path", "/memories/dir/b.md", "file_text", "12345"));
        tool.call("rename", MemoryFixture.args("old_path", "/memories/dir", "new_path", "/memories/moved"));
        tool.call("delete", MemoryFixture.args("path", "/memories/moved"));

        tool.call("create", MemoryFixture.args("path", "/memories/c.md", "file_text", "1234567890"));
        assertThat(memory.read("c.md")).isEqualTo("1234567890");
        assertThat(error(tool, "create", "path", "/memories/d.md", "file_text", "1")).startsWith(
                "Error: Writing /memories/d.md would make the memory directory 11 bytes");
    }

    @Test
    void twoStoresOnOneMemory_eachSeesTheOthersWritesInItsLimits() throws Exception {
        StoreLimits limits = new StoreLimits(1000, StoreLimits.UNLIMITED, 3);
        MemoryTool one = open(limits);
        MemoryStore first = memory.store;
        try (MemoryStore second = memory.another(limits, "second")) {
            MemoryTool two = new MemoryTool(second, MemoryFixture.stamper(), false, IndexBudget.DEFAULT);
            one.call("create", MemoryFixture.args("path", "/memories/a.md", "file_text", "a"));
            two.call("create", MemoryFixture.args("path", "/memories/b.md", "file_text", "b"));
            one.call("create", MemoryFixture.args("path", "/memories/c.md", "file_text", "c"));

            assertThat(error(two, "create", "path", "/memories/d.md", "file_text", "d"))
                    .startsWith("Error: Creating /memories/d.md would make more than 3 files");
            two.call("delete", MemoryFixture.args("path", "/memories/a.md"));
            one.call("create", MemoryFixture.args("path", "/memories/d.md", "file_text", "d"));
            assertThat(first.usage()).isEqualTo(new Usage(3, 3));
            assertThat(second.usage()).isEqualTo(new Usage(3, 3));
        }
    }
}

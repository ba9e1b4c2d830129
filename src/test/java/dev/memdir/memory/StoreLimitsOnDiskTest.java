package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.store.StoreLimits;
import dev.memdir.memory.store.StoreLimitsTest;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** Root-wide limits on disk: memdir's own files and files written by hand, its ledger lost, the root deleted. */
class StoreLimitsOnDiskTest extends OnDisk {

    /** Opens a fresh memory with {@code limits} in place of the one each test starts on. */
    private MemoryTool open(StoreLimits limits) throws Exception {
        memory.close();
        memory = MemoryFixture.open(temp.resolve("limited"), StoreKind.DIRECTORY, limits);
        return memory.tool;
    }

    @Test
    void memdirsOwnFilesDoNotCountAgainstTheLimits() throws Exception {
        MemoryTool tool = open(new StoreLimits(1000, StoreLimits.UNLIMITED, 2));
        StoreLimitsTest.twoHiddenFilesOneEdited(tool);

        assertThat(memory.error("create", "path", "/memories/c.md", "file_text", "c")).startsWith(
                "Error: Creating /memories/c.md would make more than 2 files");
        assertThat(memory.disk(".memdir-history")).isDirectory();
    }

    @Test
    void filesWrittenBehindMemdirsBack_areCountedAtTheFirstChange() throws Exception {
        open(new StoreLimits(1000, 10, StoreLimits.UNLIMITED));
        Files.createDirectories(memory.disk("notes"));
        Files.writeString(memory.disk("notes/by-hand.md"), "12345678");

        assertThat(memory.error("create", "path", "/memories/a.md", "file_text", "123")).startsWith(
                "Error: Writing /memories/a.md would make the memory directory 11 bytes");
    }

    @Test
    void aLostOrDamagedLedgerIsCountedAgain() throws Exception {
        MemoryTool tool = open(new StoreLimits(1000, 10, StoreLimits.UNLIMITED));
        tool.call("create", MemoryFixture.args("path", "/memories/a.md", "file_text", "12345"));
        Files.writeString(memory.disk(".memdir-usage"), "garbage");
        assertThat(memory.error("create", "path", "/memories/b.md", "file_text", "123456")).startsWith(
                "Error: Writing /memories/b.md would make the memory directory 11 bytes");
        Files.delete(memory.disk(".memdir-usage"));
        assertThat(memory.error("create", "path", "/memories/b.md", "file_text", "123456")).startsWith(
                "Error: Writing /memories/b.md would make the memory directory 11 bytes");
        tool.call("create", MemoryFixture.args("path", "/memories/b.md", "file_text", "12345"));
        assertThat(memory.disk(".memdir-usage")).hasContent("2 10");
    }

    @Test
    void rootDeletedWhileRunning_isAClearErrorForEveryCommand() throws Exception {
        open(StoreLimits.perFile(1000));
        try (var paths = Files.walk(memory.disk(""))) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        String gone = "Error: The memory directory no longer exists (it was deleted while memdir was running)."
                + " Nothing was changed; restart memdir to create it again.";

        assertThat(memory.error("view", "path", "/memories")).isEqualTo(gone);
        assertThat(memory.error("create", "path", "/memories/a.md", "file_text", "a")).isEqualTo(gone);
        assertThat(memory.error("rename", "old_path", "/memories/a", "new_path", "/memories/b")).isEqualTo(gone);
        assertThat(memory.disk("")).doesNotExist();
    }
}

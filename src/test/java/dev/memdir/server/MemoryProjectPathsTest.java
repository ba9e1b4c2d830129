package dev.memdir.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.instructions.MemoryInstructionFiles;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.StoreLimits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A principal's completions of the instructions template: its memory's paths, one level at a time, and no other. */
class MemoryProjectPathsTest {

    private static final Path ROOT = MemoryInstructionFiles.ROOT;

    @TempDir
    Path temp;

    private DirectoryStore store;
    private MemoryInstructionFiles files;

    @BeforeEach
    void memory() throws Exception {
        // Beside the memory on the host: what completions must never offer.
        Files.createDirectories(temp.resolve("bob/secret"));
        store = DirectoryStore.open(DirectoryOptions.of(temp.resolve("alice"), StoreLimits.perFile(1024), "test"));
        files = new MemoryInstructionFiles(store);
        for (String relative : List.of("CLAUDE.md", "notes/a.md", "notes/deep/b.md", ".claude/rules/r.md")) {
            MemoryPath path = MemoryPathParser.parse("/memories/" + relative);
            store.change(memory -> {
                memory.write(path, "x\n".getBytes(StandardCharsets.UTF_8));
                return null;
            });
        }
    }

    @AfterEach
    void close() throws Exception {
        store.close();
    }

    @Test
    void theMemorysEntries_oneLevelAtATime_hiddenOnlyAfterADot() throws Exception {
        assertThat(ProjectPaths.candidates(files, ROOT, "")).containsExactlyInAnyOrder("CLAUDE.md", "notes/");
        assertThat(ProjectPaths.candidates(files, ROOT, "notes/")).containsExactlyInAnyOrder("notes/a.md",
                "notes/deep/");
        assertThat(ProjectPaths.candidates(files, ROOT, ".c")).containsExactlyInAnyOrder(".claude/", "CLAUDE.md",
                "notes/");
        assertThat(ProjectPaths.candidates(files, ROOT, ".claude/")).containsExactly(".claude/rules/");
    }

    @Test
    void textThatLeavesTheMemory_nothing() throws Exception {
        for (String typed : List.of("/", "/memories/", "../", "../bob/", "notes/../../", temp + "/", temp
                .toString().substring(1) + "/", ".memdir-history/", "CLAUDE.md/")) {
            assertThat(ProjectPaths.candidates(files, ROOT, typed)).as(typed).isEmpty();
        }
    }
}

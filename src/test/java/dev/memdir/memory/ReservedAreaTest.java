package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * memdir's own entries in a directory store's root ({@code .memdir*}): a link someone who can write the root plants
 * there is never followed (the lock, the usage ledger, the history), and the empty temp directories new directories
 * are made in are removed when a kill left them.
 */
class ReservedAreaTest {

    @TempDir
    Path temp;
    Path root;
    Path outside;

    @BeforeEach
    void folders() throws IOException {
        root = Files.createDirectories(temp.resolve("memories"));
        outside = Files.createDirectories(temp.resolve("outside"));
    }

    @Test
    void open_linkAsTheLockFile_refusedAndNothingMadeWhereItPoints() throws IOException {
        Files.createSymbolicLink(root.resolve(".memdir.lock"), outside.resolve("lock"));

        assertThatThrownBy(() -> DirectoryStore.open(DirectoryOptions.of(root, StoreLimits.perFile(1000),
                "test")).close())
                .isInstanceOf(IOException.class);
        assertThat(outside.resolve("lock")).doesNotExist();
    }

    @Test
    void create_linkAsTheUsageLedger_notReadAndReplacedByTheCount() throws Exception {
        try (MemoryFixture memory = MemoryFixture.open(temp, StoreKind.DIRECTORY, new StoreLimits(1000, 1000, 10))) {
            memory.text("create", "path", "/memories/a.md", "file_text", "a");
            Files.delete(root.resolve(".memdir-usage"));
            Files.writeString(outside.resolve("usage"), "1000 1000\n");
            Files.createSymbolicLink(root.resolve(".memdir-usage"), outside.resolve("usage"));

            assertThat(memory.text("create", "path", "/memories/b.md", "file_text", "bb"))
                    .isEqualTo("File created successfully at: /memories/b.md");
        }
        assertThat(Files.isRegularFile(root.resolve(".memdir-usage"), LinkOption.NOFOLLOW_LINKS)).isTrue();
        assertThat(root.resolve(".memdir-usage")).hasContent("2 3");
        assertThat(outside.resolve("usage")).hasContent("1000 1000\n");
    }

    @Test
    void strReplace_linkAsTheHistory_refusedAndNothingWrittenWhereItPoints() throws Exception {
        try (MemoryFixture memory = MemoryFixture.open(temp)) {
            memory.text("create", "path", "/memories/a.md", "file_text", "before");
            Files.createSymbolicLink(root.resolve(".memdir-history"), outside);

            assertThat(memory.error("str_replace", "path", "/memories/a.md", "old_str", "before", "new_str", "after"))
                    .startsWith("Error: Could not str_replace /memories/a.md: ").endsWith(" Nothing was changed.");
            assertThat(memory.read("a.md")).isEqualTo("before");
        }
        assertThat(names(outside)).isEmpty();
    }

    @Test
    void open_tempDirectoriesInTheRoot_emptyOnesRemoved() throws IOException {
        Files.createDirectories(root.resolve(".memdir-tmp-made"));
        Files.writeString(Files.createDirectories(root.resolve(".memdir-tmp-used")).resolve("kept.md"), "kept");

        DirectoryStore.open(DirectoryOptions.of(root, StoreLimits.perFile(1000), "test")).close();

        assertThat(root.resolve(".memdir-tmp-made")).doesNotExist();
        assertThat(root.resolve(".memdir-tmp-used/kept.md")).hasContent("kept");
    }

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> children = Files.list(directory)) {
            return children.map(child -> child.getFileName().toString()).toList();
        }
    }
}

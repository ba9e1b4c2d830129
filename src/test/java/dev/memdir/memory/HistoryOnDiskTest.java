package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.Sha256;
import dev.memdir.memory.store.StoreLimits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The history a directory store keeps beside the memory: as an earlier memdir left it, and its own files. */
class HistoryOnDiskTest extends OnDisk {

    @Test
    void versionsKeptBeforeOperationsWereRecordedAreReadAsUnrecorded() throws Exception {
        Path versions = memory.disk(".memdir-history").resolve(Sha256.hex("old.md".getBytes(StandardCharsets.UTF_8)));
        Files.createDirectories(versions);
        Files.writeString(versions.resolve("00000001-1700000000000-old-session"), "old\n");
        memory.write("old.md", "new\n");
        memory.text("str_replace", "path", "/memories/old.md", "old_str", "new", "new_str", "newer");
        MemoryPath old = MemoryPathParser.parse("/memories/old.md");

        assertThat(memory.store.versions(old)).extracting(FileVersion::number,
                FileVersion::operation, FileVersion::session).containsExactly(
                        tuple(2, FileVersion.Operation.WRITE, MemoryFixture.SESSION),
                        tuple(1, FileVersion.Operation.UNRECORDED, "old-session"));
        memory.tool.restore(old, Optional.empty());
        memory.tool.restore(old, Optional.of(1));
        assertThat(memory.read("old.md")).isEqualTo("old\n");
    }

    @Test
    void aRenameVersionDroppedPastTheKeepLimit_takesWhereTheFileWentWithIt() throws Exception {
        try (MemoryFixture one = MemoryFixture.open(temp.resolve("one"), StoreKind.DIRECTORY,
                StoreLimits.perFile(MemoryFixture.DEFAULT_MAX_FILE_BYTES),
                new HistoryLimits(1, HistoryLimits.DEFAULT.maxBytes()), false)) {
            one.write("a.md", "a\n");
            one.text("rename", "old_path", "/memories/a.md", "new_path", "/memories/b.md");
            assertThat(destinations(one)).hasSize(1);
            one.write("a.md", "again\n");
            one.text("str_replace", "path", "/memories/a.md", "old_str", "again", "new_str", "more");

            assertThat(destinations(one)).isEmpty();
            assertThat(RenamedFrom.of(one.store, MemoryPathParser.parse("/memories/b.md"))).isEmpty();
        }
    }

    /** Returns the files of the history that keep where a rename took a file. */
    private static List<Path> destinations(MemoryFixture fixture) throws Exception {
        try (Stream<Path> walk = Files.walk(fixture.disk(".memdir-history"))) {
            return walk.filter(file -> file.getFileName().toString().endsWith(".to")).toList();
        }
    }
}

package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.StoreLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryAgesTest {

    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    @TempDir
    Path temp;

    private static List<MemoryAges.Age> ages(Path root, Instant now, Duration staleAfter) throws Exception {
        try (DirectoryStore store = DirectoryStore.open(DirectoryOptions.of(root, StoreLimits.perFile(1 << 20),
                "ages-test"))) {
            return MemoryAges.of(store, now, staleAfter);
        }
    }

    @Test
    void ageComesFromTheStampedModifiedTimeElseFromTheFileTime() throws Exception {
        Path root = Files.createDirectories(temp.resolve("a/memory"));
        Files.writeString(root.resolve("stamped.md"), "---\nname: x\nmetadata:\n  modified: 2026-06-01T00:00:00Z\n"
                + "---\nbody\n");
        Files.writeString(root.resolve("quoted.md"), "---\nmetadata:\n  modified: '2026-11-20T12:00:00Z'\n---\n");
        Path plain = Files.writeString(Files.createDirectories(root.resolve("sub")).resolve("plain.md"), "text\n");
        Files.setLastModifiedTime(plain, FileTime.from(Instant.parse("2026-01-01T12:00:00Z")));
        Files.writeString(root.resolve(".hidden.md"), "x");

        List<MemoryAges.Age> ages = ages(root, NOW, Duration.ofDays(90));

        assertThat(ages).extracting(MemoryAges.Age::path)
                .containsExactly("/memories/sub/plain.md", "/memories/stamped.md", "/memories/quoted.md");
        assertThat(ages).extracting(MemoryAges.Age::ageDays).containsExactly(332L, 181L, 9L);
        assertThat(ages).extracting(MemoryAges.Age::fromFrontmatter).containsExactly(false, true, true);
        assertThat(ages).extracting(MemoryAges.Age::stale).containsExactly(true, true, false);
    }

    @Test
    void aMalformedStampFallsBackToTheFileTime() throws Exception {
        Path root = Files.createDirectories(temp.resolve("b/memory"));
        Path file = Files.writeString(root.resolve("odd.md"), "---\nmetadata:\n  modified: someday\n---\n");
        Files.setLastModifiedTime(file, FileTime.from(NOW.minus(Duration.ofDays(3))));

        MemoryAges.Age age = ages(root, NOW, Duration.ofDays(2)).get(0);

        assertThat(age.fromFrontmatter()).isFalse();
        assertThat(age.ageDays()).isEqualTo(3);
        assertThat(age.stale()).isTrue();
    }
}

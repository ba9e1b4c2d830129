package dev.memdir.memory.directory;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A root's key record: created once, whole, owner-only; a writer that comes second gets the first one's. */
class DirectoryKeyRecordTest {

    @TempDir
    Path root;

    @Test
    void theSecondCreate_returnsTheFirstRecord_andLeavesNoTempFile() throws Exception {
        DirectoryKeyRecord first = new DirectoryKeyRecord(root.toRealPath());
        DirectoryKeyRecord second = new DirectoryKeyRecord(root.toRealPath());
        byte[] winner = "winner".getBytes(StandardCharsets.UTF_8);

        assertThat(first.read()).isEmpty();
        assertThat(first.create(winner)).isEqualTo(winner);
        assertThat(second.create("loser".getBytes(StandardCharsets.UTF_8))).isEqualTo(winner);

        assertThat(second.read()).contains(winner);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
                root.resolve(DirectoryKeyRecord.FILE_NAME)))).isEqualTo("rw-------");
        try (Stream<Path> names = Files.list(root)) {
            assertThat(names.map(name -> name.getFileName().toString())).containsExactly(DirectoryKeyRecord.FILE_NAME);
        }
    }

    @Test
    void aRootHoldsSomething_whenItHasAnEntryOfItsOwn_orHistory() throws Exception {
        DirectoryKeyRecord record = new DirectoryKeyRecord(root.toRealPath());
        Files.writeString(root.resolve(".memdir-usage"), "0 0\n");
        assertThat(record.holdsAnything()).isFalse();

        Files.createDirectories(root.resolve(History.DIRECTORY));
        assertThat(record.holdsAnything()).isFalse();
        Files.createDirectories(root.resolve(History.DIRECTORY).resolve("versions"));
        assertThat(record.holdsAnything()).isTrue();

        Files.delete(root.resolve(History.DIRECTORY).resolve("versions"));
        Files.createDirectories(root.resolve("empty-directory"));
        assertThat(record.holdsAnything()).isTrue();
    }
}

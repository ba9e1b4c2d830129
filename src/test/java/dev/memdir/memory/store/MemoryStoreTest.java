package dev.memdir.memory.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.memdir.memory.MemoryFixture;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryStoreTest {

    @TempDir Path temp;

    @Test
    void open_missingRoot_createdOwnerOnly() throws Exception {
        try (MemoryFixture memory = MemoryFixture.open(temp)) {
            assertThat(Files.isDirectory(memory.disk(""))).isTrue();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(memory.disk(""))))
                    .isEqualTo("rwx------");
        }
    }

    @Test
    void open_removesStrayTempFilesAtEveryDepth_keepsEverythingElse() throws Exception {
        Path root = Files.createDirectories(temp.resolve("memories"));
        Path deep = Files.createDirectories(root.resolve("a/b/c"));
        Files.writeString(root.resolve(".memdir-tmp-1"), "half");
        Files.writeString(root.resolve("a/.memdir-tmp-2"), "half");
        Files.writeString(deep.resolve(".memdir-tmp-3"), "half");
        Files.writeString(deep.resolve("notes.md"), "kept");
        Files.writeString(deep.resolve(".keep"), "kept");
        Files.writeString(deep.resolve("memdir-tmp-4"), "kept: not hidden");

        try (MemoryFixture memory = MemoryFixture.open(temp)) {
            assertThat(root.resolve(".memdir-tmp-1")).doesNotExist();
            assertThat(root.resolve("a/.memdir-tmp-2")).doesNotExist();
            assertThat(deep.resolve(".memdir-tmp-3")).doesNotExist();
            assertThat(deep.resolve("notes.md")).hasContent("kept");
            assertThat(deep.resolve(".keep")).hasContent("kept");
            assertThat(deep.resolve("memdir-tmp-4")).hasContent("kept: not hidden");
        }
    }

    @Test
    void open_strayTempFilesBehindLinks_leftAlone() throws Exception {
        Path outside = Files.createDirectories(temp.resolve("outside"));
        Files.writeString(outside.resolve(".memdir-tmp-9"), "not ours");
        Path root = Files.createDirectories(temp.resolve("memories"));
        Files.createSymbolicLink(root.resolve("out"), outside);

        try (MemoryFixture memory = MemoryFixture.open(temp)) {
            assertThat(outside.resolve(".memdir-tmp-9")).hasContent("not ours");
            assertThat(Files.isSymbolicLink(root.resolve("out"))).isTrue();
            assertThat(Files.exists(root.resolve("out"), LinkOption.NOFOLLOW_LINKS)).isTrue();
        }
    }

    @Test
    void open_rootThatIsAFile_fails() throws Exception {
        Files.writeString(temp.resolve("memories"), "not a directory");

        assertThat(catchThrowable(() -> MemoryFixture.open(temp))).isInstanceOf(NotDirectoryException.class);
    }
}

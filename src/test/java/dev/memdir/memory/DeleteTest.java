package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.params.provider.EnumSource;

@ParameterizedClass
@EnumSource(StoreKind.class)
class DeleteTest {

    @Parameter StoreKind kind;
    @TempDir Path temp;
    @AutoClose MemoryFixture memory;

    @BeforeEach
    void open() throws IOException {
        memory = MemoryFixture.open(temp, kind);
    }

    @Test
    void delete_file_removed() throws Exception {
        memory.write("f.md", "x");
        memory.write("other.md", "y");

        assertThat(memory.text("delete", "path", "/memories/f.md")).isEqualTo("Successfully deleted /memories/f.md");
        assertThat(memory.listed("")).containsExactly("other.md");
    }

    @Test
    void delete_directory_removedRecursively() throws Exception {
        memory.write("a/b/c/deep.md", "x");
        memory.write("a/.hidden", "h");
        memory.write("a/d.md", "y");

        assertThat(memory.text("delete", "path", "/memories/a/")).isEqualTo("Successfully deleted /memories/a");
        assertThat(memory.exists("a")).isFalse();
        assertThat(memory.listed("")).isEmpty();
    }

    @Test
    void delete_missing_doesNotExistWithoutSentence() {
        assertThat(memory.error("delete", "path", "/memories/nope.md"))
                .isEqualTo("Error: The path /memories/nope.md does not exist");
        assertThat(memory.error("delete", "path", "/memories/no/such/dir/"))
                .isEqualTo("Error: The path /memories/no/such/dir does not exist");
    }

    @Test
    void delete_belowAFile_doesNotExist() throws Exception {
        memory.write("f.md", "x");

        assertThat(memory.error("delete", "path", "/memories/f.md/child"))
                .isEqualTo("Error: The path /memories/f.md/child does not exist");
        assertThat(memory.read("f.md")).isEqualTo("x");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"/memories", "/memories/"})
    void delete_root_refusedInEverySpelling(String root) throws Exception {
        memory.write("keep.md", "x");

        assertThat(memory.error("delete", "path", root))
                .isEqualTo("Error: Cannot delete the /memories directory itself");
        assertThat(memory.read("keep.md")).isEqualTo("x");
    }

    @Test
    void delete_symlinkToFile_removesLinkKeepsTarget() throws Exception {
        memory.write("target.md", "kept");
        Files.createSymbolicLink(memory.disk("link.md"), memory.disk("target.md"));

        assertThat(memory.text("delete", "path", "/memories/link.md")).isEqualTo("Successfully deleted /memories/link.md");
        assertThat(memory.exists("link.md")).isFalse();
        assertThat(Files.exists(memory.disk("link.md"), LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(memory.read("target.md")).isEqualTo("kept");
    }

    @Test
    void delete_symlinkToOutsideDirectory_refusedLinkAndTargetKept() throws Exception {
        Path outside = Files.createDirectories(temp.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "kept");
        Files.createSymbolicLink(memory.disk("out"), outside);

        assertThat(memory.error("delete", "path", "/memories/out"))
                .isEqualTo("Error: Path would escape /memories directory via symlink");
        assertThat(Files.isSymbolicLink(memory.disk("out"))).isTrue();
        assertThat(outside.resolve("secret.txt")).hasContent("kept");
    }

    @Test
    void delete_symlinkInsideRoot_removesLinkKeepsTarget() throws Exception {
        memory.write("dir/note.md", "kept");
        Files.createSymbolicLink(memory.disk("in"), memory.disk("dir"));

        assertThat(memory.text("delete", "path", "/memories/in")).isEqualTo("Successfully deleted /memories/in");
        assertThat(Files.exists(memory.disk("in"), LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(memory.read("dir/note.md")).isEqualTo("kept");
    }

    @Test
    void delete_directoryHoldingLinks_linkTargetsKept() throws Exception {
        Path outside = Files.createDirectories(temp.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "kept");
        memory.write("keep.md", "kept too");
        memory.mkdirs("d");
        Files.createSymbolicLink(memory.disk("d/out"), outside);
        Files.createSymbolicLink(memory.disk("d/keep-link.md"), memory.disk("keep.md"));

        assertThat(memory.text("delete", "path", "/memories/d")).isEqualTo("Successfully deleted /memories/d");
        assertThat(memory.exists("d")).isFalse();
        assertThat(outside.resolve("secret.txt")).hasContent("kept");
        assertThat(memory.read("keep.md")).isEqualTo("kept too");
    }

    @Test
    void delete_danglingSymlink_refusedAndKept() throws Exception {
        Files.createSymbolicLink(memory.disk("dangling"), temp.resolve("nothing"));

        assertThat(memory.error("delete", "path", "/memories/dangling"))
                .isEqualTo("Error: Path would escape /memories directory via symlink");
        assertThat(Files.isSymbolicLink(memory.disk("dangling"))).isTrue();
    }
}

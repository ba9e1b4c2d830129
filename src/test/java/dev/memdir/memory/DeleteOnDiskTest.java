package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Delete among symbolic links: a link goes, never what it points to; one leaving the root is refused. */
class DeleteOnDiskTest extends OnDisk {

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

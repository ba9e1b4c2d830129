package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Delete among symbolic links: a link goes, never what it points to; one leaving the root is refused. */
class DeleteOnDiskTest extends OnDisk {

    @ParameterizedTest(name = "{0} to {1}")
    @CsvSource({"link.md, target.md, target.md", "in, dir, dir/note.md"})
    void delete_linkInsideRoot_removesTheLinkKeepsItsTarget(String link, String target, String kept)
            throws Exception {
        memory.write(kept, "kept");
        Files.createSymbolicLink(memory.disk(link), memory.disk(target));

        assertThat(memory.text("delete", "path", "/memories/" + link)).isEqualTo("Successfully deleted /memories/" + link);
        assertThat(memory.exists(link)).isFalse();
        assertThat(Files.exists(memory.disk(link), LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(memory.read(kept)).isEqualTo("kept");
    }

    @Test
    void delete_symlinkToOutsideDirectory_refusedLinkAndTargetKept() throws Exception {
        Path outside = outsideHolding("kept");
        Files.createSymbolicLink(memory.disk("out"), outside);

        assertThat(memory.error("delete", "path", "/memories/out"))
                .isEqualTo("Error: Path would escape /memories directory via symlink");
        assertThat(Files.isSymbolicLink(memory.disk("out"))).isTrue();
        assertThat(outside.resolve("secret.txt")).hasContent("kept");
    }

    @Test
    void delete_directoryHoldingLinks_linkTargetsKept() throws Exception {
        Path outside = outsideHolding("kept");
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

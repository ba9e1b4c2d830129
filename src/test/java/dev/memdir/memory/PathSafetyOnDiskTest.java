package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Path checks against symbolic links in the root: a link leaving it is refused on every command. */
class PathSafetyOnDiskTest extends OnDisk {

    private static final String ESCAPE_VIA_SYMLINK = "Error: Path would escape /memories directory via symlink";

    Path outside;

    @BeforeEach
    void placeASecretOutside() throws IOException {
        outside = outsideHolding("secret");
    }

    @Test
    void view_throughLinkLeavingRoot_refused() throws Exception {
        Files.createSymbolicLink(memory.disk("out"), outside);

        assertThat(memory.error("view", "path", "/memories/out/secret.txt")).isEqualTo(ESCAPE_VIA_SYMLINK);
        assertThat(memory.error("view", "path", "/memories/out")).isEqualTo(ESCAPE_VIA_SYMLINK);
    }

    @Test
    void create_throughLinkLeavingRoot_refusedAndNothingWrittenOutside() throws Exception {
        Files.createSymbolicLink(memory.disk("out"), outside);

        assertThat(memory.error("create", "path", "/memories/out/new.txt", "file_text", "x")).isEqualTo(ESCAPE_VIA_SYMLINK);
        assertThat(memory.error("create", "path", "/memories/out/sub/new.txt", "file_text", "x"))
                .isEqualTo(ESCAPE_VIA_SYMLINK);
        try (Stream<Path> children = Files.list(outside)) {
            assertThat(children.map(p -> p.getFileName().toString())).containsExactly("secret.txt");
        }
    }

    @Test
    void create_onDanglingLinkToOutside_refusedAndNothingWrittenOutside() throws Exception {
        Files.createSymbolicLink(memory.disk("dangling.md"), outside.resolve("planted.md"));

        assertThat(memory.error("create", "path", "/memories/dangling.md", "file_text", "x"))
                .isEqualTo(ESCAPE_VIA_SYMLINK);
        assertThat(outside.resolve("planted.md")).doesNotExist();
    }

    @Test
    void strReplace_onLinkToOutsideFile_refusedAndTargetUnchanged() throws Exception {
        Files.createSymbolicLink(memory.disk("secret.txt"), outside.resolve("secret.txt"));

        assertThat(memory.error("str_replace", "path", "/memories/secret.txt", "old_str", "secret", "new_str", "x"))
                .isEqualTo(ESCAPE_VIA_SYMLINK);
        assertThat(outside.resolve("secret.txt")).hasContent("secret");
    }

    @Test
    void view_finalLinkInsideRoot_notFollowed() throws Exception {
        memory.write("a.md", "a");
        Files.createSymbolicLink(memory.disk("link.md"), memory.disk("a.md"));

        assertThat(memory.error("view", "path", "/memories/link.md"))
                .isEqualTo("Error: The path /memories/link.md is a symbolic link, and memdir does not follow links");
    }

    @Test
    void view_throughDirectoryLinkInsideRoot_allowed() throws Exception {
        memory.write("d/a.md", "a");
        Files.createSymbolicLink(memory.disk("alias"), memory.disk("d"));

        assertThat(memory.view("/memories/alias/a.md"))
                .isEqualTo("Here's the content of /memories/alias/a.md with line numbers:\n     1\ta");
    }

    @Test
    void rename_intoLinkLeavingRoot_refusedAndSourceKept() throws Exception {
        memory.write("a.md", "a");
        Files.createSymbolicLink(memory.disk("out"), outside);

        assertThat(memory.error("rename", "old_path", "/memories/a.md", "new_path", "/memories/out/a.md"))
                .isEqualTo(ESCAPE_VIA_SYMLINK);
        assertThat(memory.read("a.md")).isEqualTo("a");
        assertThat(outside.resolve("a.md")).doesNotExist();
    }
}

package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.memdir.memory.render.SizeFormat;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

@ParameterizedClass
@EnumSource(StoreKind.class)
class ViewDirectoryTest {

    @Parameter StoreKind kind;
    @TempDir Path temp;
    @AutoClose MemoryFixture memory;

    @BeforeEach
    void open() throws IOException {
        memory = MemoryFixture.open(temp, kind);
    }

    @Test
    void view_emptyRoot_headerAndRootLine() throws Exception {
        String rootSize = dirSize("");

        assertThat(memory.view("/memories")).isEqualTo(
                "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:\n"
                        + rootSize + "\t/memories");
        assertThat(rootSize).matches("\\d+(\\.\\d)?[BKMGT]");
    }

    @Test
    void view_emptyRootOnExt4OrInADatabase_is4K() throws Exception {
        if (kind == StoreKind.DIRECTORY) {
            assumeThat(Files.getFileStore(memory.disk("")).type()).isEqualTo("ext4");
        }

        assertThat(memory.view("/memories")).endsWith("\n4K\t/memories");
    }

    @Test
    void view_rootWithTrailingSlash_echoedWithoutIt() throws Exception {
        assertThat(memory.view("/memories/")).isEqualTo(memory.view("/memories"));
    }

    @Test
    void view_nestedTree_preOrderSortedTwoLevelsDeep() throws Exception {
        memory.write("a.md", "alpha");
        memory.write("Z.md", "zz");
        memory.write("a-b.md", "");
        memory.write("b/c.md", "x".repeat(1536));
        memory.write("b/d/e.md", "too deep to list");
        memory.mkdirs("b/d/f");
        memory.write("b0.md", "0123456789abcdefg");

        assertThat(memory.view("/memories")).isEqualTo(lines(
                header("/memories"),
                dirSize("") + "\t/memories",
                "2B\t/memories/Z.md",
                "0B\t/memories/a-b.md",
                "5B\t/memories/a.md",
                dirSize("b") + "\t/memories/b/",
                "1.5K\t/memories/b/c.md",
                dirSize("b/d") + "\t/memories/b/d/",
                "17B\t/memories/b0.md"));
    }

    @Test
    void view_subdirectory_depthCountsFromIt() throws Exception {
        memory.write("b/c.md", "c");
        memory.write("b/d/e.md", "e");
        memory.write("b/d/f/g.md", "not listed");

        assertThat(memory.view("/memories/b/")).isEqualTo(lines(
                header("/memories/b"),
                dirSize("b") + "\t/memories/b",
                "1B\t/memories/b/c.md",
                dirSize("b/d") + "\t/memories/b/d/",
                "1B\t/memories/b/d/e.md",
                dirSize("b/d/f") + "\t/memories/b/d/f/"));
    }

    @Test
    void view_hiddenNamesAndNodeModules_skippedWithEverythingBelow() throws Exception {
        memory.write("keep.md", "k");
        memory.write(".hidden.md", "h");
        memory.write(".git/config", "c");
        memory.write("node_modules/x.js", "x");
        memory.write("sub/.secret", "s");
        memory.write("sub/node_modules/y.js", "y");
        memory.write("sub/node_modules2.md", "n");

        assertThat(memory.view("/memories")).isEqualTo(lines(
                header("/memories"),
                dirSize("") + "\t/memories",
                "1B\t/memories/keep.md",
                dirSize("sub") + "\t/memories/sub/",
                "1B\t/memories/sub/node_modules2.md"));
    }

    @Test
    void view_symlinksAndNonRegularFiles_skipped() throws Exception {
        memory.write("a.md", "alpha");
        memory.mkdirs("d");
        Path outside = Files.createDirectories(temp.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "secret");
        Files.createSymbolicLink(memory.disk("link.md"), memory.disk("a.md"));
        Files.createSymbolicLink(memory.disk("linkdir"), memory.disk("d"));
        Files.createSymbolicLink(memory.disk("escape"), outside);
        Files.createSymbolicLink(memory.disk("d/dangling"), temp.resolve("nothing"));

        try (ServerSocketChannel socket = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            socket.bind(UnixDomainSocketAddress.of(memory.disk("sock")));

            assertThat(memory.view("/memories")).isEqualTo(lines(
                    header("/memories"),
                    dirSize("") + "\t/memories",
                    "5B\t/memories/a.md",
                    dirSize("d") + "\t/memories/d/"));
        }
    }

    @Test
    void view_directory_ignoresViewRange() throws Exception {
        memory.write("a.md", "alpha");

        assertThat(memory.text("view", "path", "/memories", "view_range", List.of(2, 2)))
                .isEqualTo(memory.view("/memories"));
    }

    @Test
    void view_strayTempAndLockFiles_notListed() throws Exception {
        memory.requireDisk();
        memory.write(".memdir-tmp-1234", "half written");
        memory.write("sub/.memdir-tmp-5678", "half written");

        assertThat(memory.view("/memories")).isEqualTo(lines(
                header("/memories"),
                dirSize("") + "\t/memories",
                dirSize("sub") + "\t/memories/sub/"));
    }

    private static String header(String path) {
        return "Here're the files and directories up to 2 levels deep in " + path
                + ", excluding hidden items and node_modules:";
    }

    private String dirSize(String relative) throws IOException {
        return SizeFormat.format(memory.size(relative));
    }

    private static String lines(String... lines) {
        return String.join("\n", lines);
    }
}

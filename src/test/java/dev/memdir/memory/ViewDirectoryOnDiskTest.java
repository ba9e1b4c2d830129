package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A listing of a directory on disk: an empty one's size, and links, sockets and memdir's own temp files left out. */
class ViewDirectoryOnDiskTest extends OnDisk {

    /** Like an empty root in a database ({@code PostgresStoreTest}), where the root is always 4K. */
    @Test
    void view_emptyRootOnExt4_is4K() throws Exception {
        assumeThat(Files.getFileStore(memory.disk("")).type()).isEqualTo("ext4");

        assertThat(memory.view("/memories")).endsWith("\n4K\t/memories");
    }

    @Test
    void view_symlinksAndNonRegularFiles_skipped() throws Exception {
        memory.write("a.md", "alpha");
        memory.mkdirs("d");
        Path outside = outsideHolding("secret");
        Files.createSymbolicLink(memory.disk("link.md"), memory.disk("a.md"));
        Files.createSymbolicLink(memory.disk("linkdir"), memory.disk("d"));
        Files.createSymbolicLink(memory.disk("escape"), outside);
        Files.createSymbolicLink(memory.disk("d/dangling"), temp.resolve("nothing"));

        try (ServerSocketChannel socket = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            socket.bind(UnixDomainSocketAddress.of(memory.disk("sock")));

            assertThat(memory.view("/memories"))
                    .isEqualTo(memory.listing("", "5B\t/memories/a.md", memory.directoryRow("d")));
        }
    }

    @Test
    void view_strayTempAndLockFiles_notListed() throws Exception {
        memory.write(".memdir-tmp-1234", "half written");
        memory.write("sub/.memdir-tmp-5678", "half written");

        assertThat(memory.view("/memories")).isEqualTo(memory.listing("", memory.directoryRow("sub")));
    }
}

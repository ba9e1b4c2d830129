package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.TestKeys;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.seal.TinkKeys;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.StoreLimits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands that read MEMORY.md from the disk, on an encrypted root, whose file there holds no text. */
class SealedIndexCommandTest {

    private static final String INDEX = "# Memory\n- [notes](notes.md): what we learned\n- [plan](plan.md)\n";

    @TempDir
    Path temp;

    private Path rootHoldingTheIndex(String name, Optional<MemoryKeys> keys) throws Exception {
        try (DirectoryStore store = DirectoryStore.open(new DirectoryOptions(temp.resolve(name),
                StoreLimits.perFile(100_000), HistoryLimits.DEFAULT, "test", keys))) {
            store.change(files -> {
                files.write(MemoryTool.INDEX, INDEX.getBytes(StandardCharsets.UTF_8));
                return null;
            });
            return store.root();
        }
    }

    @Test
    void index_readsAnEncryptedRootsIndexWithItsKey_asThePlainOne() throws Exception {
        Path keyFile = TestKeys.newKeyFile();
        Path sealed = rootHoldingTheIndex("sealed", Optional.of(TinkKeys.load(keyFile)));
        Path plain = rootHoldingTheIndex("plain", Optional.empty());

        InProcessRun ofSealed = InProcessRun.in(temp.resolve("work"), "index", "--root", sealed.toString(),
                "--key-file", keyFile.toString());
        InProcessRun ofPlain = InProcessRun.in(temp.resolve("work"), "index", "--root", plain.toString());

        assertThat(ofSealed.exit()).as(ofSealed.err()).isZero();
        assertThat(ofSealed.out()).contains("loaded:  3 lines, " + INDEX.length() + " bytes")
                .isEqualTo(ofPlain.out().replace(plain.toString(), sealed.toString()));
    }

    @Test
    void index_ofAnEncryptedRootWithoutItsKey_isRefusedInOneLine() throws Exception {
        Path sealed = rootHoldingTheIndex("sealed", Optional.of(TinkKeys.load(TestKeys.newKeyFile())));

        InProcessRun run = InProcessRun.in(temp.resolve("work"), "index", "--root", sealed.toString());

        assertThat(run.exit()).isEqualTo(ExitCode.FAILED.code());
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("memdir: cannot read " + sealed.resolve("MEMORY.md")
                + ": cannot open the memory root " + sealed + ": it is encrypted: give its key with --key-file FILE"
                + " (or MEMDIR_KEY_FILE)\n");
    }
}

package dev.memdir.memory.seal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.StoreFault;
import dev.memdir.memory.store.WrongKeyException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TinkKeysTest {

    private static final MemoryPath NOTES = MemoryPath.of(List.of("notes.md"));
    private static final MemoryPath OTHER = MemoryPath.of(List.of("other.md"));

    @TempDir
    Path dir;

    private TinkKeys newKeys() throws IOException {
        Path file = dir.resolve("memdir.key");
        KeyFiles.create(file);
        return TinkKeys.load(file);
    }

    @Test
    void sealedContent_opensAtItsPath_andIsItsPlainSizePlusTheOverhead() throws IOException {
        TinkKeys keys = newKeys();
        ContentSeal seal = keys.seal("team", keys.newRecord("team"));
        for (int size : new int[] {0, 1, 1000, 100_000}) {
            byte[] plain = new byte[size];
            byte[] sealed = seal.seal(NOTES, plain);
            assertThat(sealed).hasSize(size + seal.overhead());
            assertThat(seal.open(NOTES, sealed)).isEqualTo(plain);
        }
        assertThat(seal.overhead()).isEqualTo(33);
    }

    @Test
    void sealedContent_movedToAnotherPathOrNamespace_doesNotOpen() throws IOException {
        TinkKeys keys = newKeys();
        byte[] record = keys.newRecord("team");
        byte[] sealed = keys.seal("team", record).seal(NOTES, "marker".getBytes(StandardCharsets.UTF_8));

        assertThatThrownBy(() -> keys.seal("team", record).open(OTHER, sealed)).isInstanceOf(StoreFault.class)
                .hasMessage("Error: the stored bytes of /memories/other.md do not open under this memory's key: they"
                        + " were changed outside memdir, or sealed for another path or memory. Nothing was changed.");
        assertThatThrownBy(() -> keys.seal("other", record)).isInstanceOf(WrongKeyException.class);
        sealed[sealed.length / 2] ^= 1;
        assertThatThrownBy(() -> keys.seal("team", record).open(NOTES, sealed)).isInstanceOf(StoreFault.class);
    }

    @Test
    void aRecord_doesNotOpenUnderAnotherKeyFile() throws IOException {
        byte[] record = newKeys().newRecord("team");
        Path second = dir.resolve("second.key");
        KeyFiles.create(second);

        assertThatThrownBy(() -> TinkKeys.load(second).seal("team", record)).isInstanceOf(WrongKeyException.class);
    }

    @Test
    void aRotatedKeyFile_opensRecordsWrappedBefore_andRewrapsThemUnderItsNewKey() throws IOException {
        Path file = dir.resolve("memdir.key");
        KeyFiles.create(file);
        TinkKeys before = TinkKeys.load(file);
        byte[] record = before.newRecord("team");
        byte[] sealed = before.seal("team", record).seal(NOTES, new byte[] {1, 2, 3});

        assertThat(KeyFiles.rotate(file)).isEqualTo(2);
        TinkKeys after = TinkKeys.load(file);
        byte[] rewrapped = after.rewrap("team", record, false);
        byte[] withNewDataKey = after.rewrap("team", record, true);

        assertThat(after.seal("team", record).open(NOTES, sealed)).containsExactly(1, 2, 3);
        assertThat(after.seal("team", rewrapped).open(NOTES, sealed)).containsExactly(1, 2, 3);
        assertThat(after.seal("team", withNewDataKey).open(NOTES, sealed)).containsExactly(1, 2, 3);
        byte[] resealed = after.seal("team", withNewDataKey).seal(NOTES, new byte[] {1, 2, 3});
        assertThatThrownBy(() -> after.seal("team", record).open(NOTES, resealed)).isInstanceOf(StoreFault.class);
        assertThatThrownBy(() -> before.seal("team", rewrapped)).isInstanceOf(WrongKeyException.class);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    @Test
    void create_writesAnOwnerOnlyFile_andNeverReplacesOne() throws IOException {
        Path file = dir.resolve("memdir.key");
        KeyFiles.create(file);
        String first = Files.readString(file);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThatThrownBy(() -> KeyFiles.create(file)).isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.readString(file)).isEqualTo(first);
    }

    @Test
    void aFileThatIsNotAKeyset_isRefusedWithTheWayToMakeOne() throws IOException {
        Path file = Files.writeString(dir.resolve("notes.txt"), "hello");

        assertThatThrownBy(() -> TinkKeys.load(file)).isInstanceOf(IOException.class)
                .hasMessage("the key file " + file + " is not a Tink keyset (make one with memdir key create)");
    }
}

package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.memdir.index.IndexBudget;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.render.KeyMessages;
import dev.memdir.memory.seal.KeyFiles;
import dev.memdir.memory.seal.TinkKeys;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.ListedEntry;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.SealRefusedException;
import dev.memdir.memory.store.Sha256;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Encryption at rest on the directory store, proved on the bytes of the disk: what the sealed store writes holds no
 * marker nor a marker's SHA-256, a changed or moved byte is refused naming the path, the start-up rules hold, and a
 * key rotation keeps every file and version.
 */
class SealedDirectoryTest {

    private static final String KEY_RECORD = ".memdir-data-key";
    private static final StoreLimits LIMITS = StoreLimits.perFile(MemoryFixture.DEFAULT_MAX_FILE_BYTES);

    @TempDir
    Path temp;

    private static MemoryPath path(String virtual) throws Exception {
        return MemoryPathParser.parse(virtual);
    }

    /** Writes three markers through the tool: edited, renamed, deleted, so the history holds every one. */
    private static List<String> markersWritten(MemoryFixture memory) throws CommandException {
        memory.text("create", "path", "/memories/a.md", "file_text", "first MARKER-ALPHA-7f3e\n");
        memory.text("str_replace", "path", "/memories/a.md", "old_str", "MARKER-ALPHA-7f3e",
                "new_str", "MARKER-BRAVO-91c2");
        memory.text("rename", "old_path", "/memories/a.md", "new_path", "/memories/dir/b.md");
        memory.text("create", "path", "/memories/c.md", "file_text", "MARKER-CHARLIE-0d44\n");
        memory.text("delete", "path", "/memories/c.md");
        return List.of("MARKER-ALPHA-7f3e", "first MARKER-ALPHA-7f3e\n", "MARKER-BRAVO-91c2",
                "first MARKER-BRAVO-91c2\n", "MARKER-CHARLIE-0d44");
    }

    @Test
    void sealedRoot_holdsNoMarker_norTheSha256OfOne_whereThePlainRootHoldsEvery() throws Exception {
        try (MemoryFixture sealed = MemoryFixture.open(temp.resolve("sealed"), StoreKind.SEALED_DIRECTORY);
                MemoryFixture plain = MemoryFixture.open(temp.resolve("plain"), StoreKind.DIRECTORY)) {
            List<String> markers = markersWritten(sealed);
            markersWritten(plain);

            for (String marker : markers) {
                assertThat(plain.storedAnywhere(marker)).as("plain holds %s", marker).isTrue();
                assertThat(sealed.storedAnywhere(marker)).as("sealed holds %s", marker).isFalse();
                String hex = Sha256.hex(marker.getBytes(StandardCharsets.UTF_8));
                assertThat(sealed.storedAnywhere(hex)).as("sealed holds the SHA-256 of %s", marker).isFalse();
            }
            assertThat(sealed.read("dir/b.md")).isEqualTo("first MARKER-BRAVO-91c2\n");
            assertThat(sealed.store.versions(path("/memories/c.md")).get(0).sha256())
                    .isEqualTo(plain.store.versions(path("/memories/c.md")).get(0).sha256())
                    .contains(Sha256.hex("MARKER-CHARLIE-0d44\n".getBytes(StandardCharsets.UTF_8)));
            assertThat(sealed.view("/memories")).isEqualTo(plain.view("/memories"));
            assertThat(sealed.store.usage()).isEqualTo(plain.store.usage());
        }
    }

    @Test
    void aChangedByteOfAFile_isRefusedNamingThePath_andNothingIsChanged() throws Exception {
        try (MemoryFixture memory = MemoryFixture.open(temp, StoreKind.SEALED_DIRECTORY)) {
            memory.text("create", "path", "/memories/a.md", "file_text", "alpha\n");
            memory.text("create", "path", "/memories/b.md", "file_text", "bravo\n");
            byte[] stored = Files.readAllBytes(memory.disk("a.md"));
            stored[stored.length / 2] ^= 1;
            Files.write(memory.disk("a.md"), stored);

            String broken = KeyMessages.sealBroken("/memories/a.md");
            assertThat(memory.error("view", "path", "/memories/a.md")).isEqualTo(broken);
            assertThat(memory.error("str_replace", "path", "/memories/a.md", "old_str", "alpha", "new_str", "x"))
                    .isEqualTo(broken);
            assertThat(memory.error("rename", "old_path", "/memories/a.md", "new_path", "/memories/c.md"))
                    .isEqualTo(broken);
            assertThat(memory.view("/memories/b.md")).contains("bravo");

            assertThat(Files.readAllBytes(memory.disk("a.md"))).isEqualTo(stored);
            assertThat(memory.exists("c.md")).isFalse();
            assertThat(memory.store.versions(path("/memories/a.md"))).isEmpty();
        }
    }

    @Test
    void aChangedByteOfAKeptVersion_isRefusedNamingThePath_andNothingIsChanged() throws Exception {
        try (MemoryFixture memory = MemoryFixture.open(temp, StoreKind.SEALED_DIRECTORY)) {
            memory.text("create", "path", "/memories/a.md", "file_text", "one\n");
            memory.text("str_replace", "path", "/memories/a.md", "old_str", "one", "new_str", "two");
            memory.text("create", "path", "/memories/b.md", "file_text", "bravo\n");
            memory.text("str_replace", "path", "/memories/b.md", "old_str", "bravo", "new_str", "charlie");
            Path version = versionFiles(memory.disk(""), "/memories/a.md").get(0);
            byte[] stored = Files.readAllBytes(version);
            stored[stored.length - 1] ^= 1;
            Files.write(version, stored);

            CommandException refused = catchThrowableOfType(CommandException.class,
                    () -> memory.tool.restore(path("/memories/a.md"), Optional.of(1)));
            assertThat(refused.text()).isEqualTo(KeyMessages.sealBroken("/memories/a.md"));
            memory.tool.restore(path("/memories/b.md"), Optional.of(1));

            assertThat(memory.read("a.md")).isEqualTo("two\n");
            assertThat(memory.read("b.md")).isEqualTo("bravo\n");
            assertThat(Files.readAllBytes(version)).isEqualTo(stored);
        }
    }

    @Test
    void storedBytesCopiedOverAnotherPath_orFromAnotherRoot_doNotOpen() throws Exception {
        try (MemoryFixture memory = MemoryFixture.open(temp.resolve("one"), StoreKind.SEALED_DIRECTORY);
                MemoryFixture other = MemoryFixture.open(temp.resolve("two"), StoreKind.SEALED_DIRECTORY)) {
            memory.text("create", "path", "/memories/a.md", "file_text", "alpha\n");
            memory.text("create", "path", "/memories/b.md", "file_text", "bravo\n");
            other.text("create", "path", "/memories/a.md", "file_text", "other alpha\n");

            Files.copy(memory.disk("a.md"), memory.disk("b.md"), StandardCopyOption.REPLACE_EXISTING);
            Files.copy(other.disk("a.md"), memory.disk("a.md"), StandardCopyOption.REPLACE_EXISTING);

            assertThat(memory.error("view", "path", "/memories/b.md"))
                    .isEqualTo(KeyMessages.sealBroken("/memories/b.md"));
            assertThat(memory.error("view", "path", "/memories/a.md"))
                    .isEqualTo(KeyMessages.sealBroken("/memories/a.md"));
            assertThat(other.read("a.md")).isEqualTo("other alpha\n");
        }
    }

    @Test
    void anEncryptedRootOpenedWithoutItsKey_isRefused() throws Exception {
        Path root = temp.resolve("memories");
        open(root, Optional.of(TestKeys.shared())).close();

        SealRefusedException refused = catchThrowableOfType(SealRefusedException.class,
                () -> open(root, Optional.empty()));

        assertThat(refused).hasMessage(KeyMessages.encryptedWithoutKey());
    }

    @Test
    void aPlainRootThatHoldsAFile_openedWithAKey_isRefused_andGetsNoRecord() throws Exception {
        Path root = temp.resolve("memories");
        Files.createDirectories(root);
        Files.writeString(root.resolve("notes.md"), "plain\n");

        SealRefusedException refused = catchThrowableOfType(SealRefusedException.class,
                () -> open(root, Optional.of(TestKeys.shared())));

        assertThat(refused).hasMessage(KeyMessages.plainWithKey());
        assertThat(root.resolve(KEY_RECORD)).doesNotExist();
    }

    @Test
    void aPlainRootThatHoldsOnlyHistory_openedWithAKey_isRefused() throws Exception {
        Path root = temp.resolve("memories");
        try (MemoryStore store = open(root, Optional.empty())) {
            MemoryPath notes = path("/memories/notes.md");
            store.change(files -> {
                files.write(notes, "one".getBytes(StandardCharsets.UTF_8));
                files.delete(notes);
                return null;
            });
        }

        SealRefusedException refused = catchThrowableOfType(SealRefusedException.class,
                () -> open(root, Optional.of(TestKeys.shared())));

        assertThat(refused).hasMessage(KeyMessages.plainWithKey());
    }

    @Test
    void anEncryptedRootOpenedWithAnotherKey_isRefused() throws Exception {
        Path root = temp.resolve("memories");
        open(root, Optional.of(TestKeys.shared())).close();
        Path another = TestKeys.newKeyFile();

        SealRefusedException refused = catchThrowableOfType(SealRefusedException.class,
                () -> open(root, Optional.of(TinkKeys.load(another))));

        assertThat(refused).hasMessage(KeyMessages.wrongKey(TinkKeys.load(another).source()));
    }

    @Test
    void anEmptyRootOpenedWithAKey_getsAnOwnerOnlyRecord_thatNoListingShows() throws Exception {
        Path root = temp.resolve("memories");
        try (DirectoryStore store = open(root, Optional.of(TestKeys.shared()))) {
            assertThat(store.directory()).isEmpty();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve(KEY_RECORD))))
                    .isEqualTo("rw-------");
            MemoryPath top = path("/memories");
            List<ListedEntry> listed = store.read(files -> files.list(top, 2));
            assertThat(listed).isEmpty();
            assertThat(store.usage().files()).isZero();
        }
        byte[] record = Files.readAllBytes(root.resolve(KEY_RECORD));
        try (DirectoryStore again = open(root, Optional.of(TestKeys.shared()))) {
            assertThat(Files.readAllBytes(root.resolve(KEY_RECORD))).isEqualTo(record);
        }
        try (DirectoryStore plain = open(temp.resolve("plain"), Optional.empty())) {
            assertThat(plain.directory()).contains(plain.root());
            assertThat(plain.root().resolve(KEY_RECORD)).doesNotExist();
        }
    }

    @Test
    void storesOpeningANewRootAtOnce_endWithOneRecord_thatEachReads() throws Exception {
        Path root = temp.resolve("memories");
        Files.createDirectories(root);
        int openers = 4;
        ExecutorService pool = Executors.newFixedThreadPool(openers);
        List<DirectoryStore> stores = new ArrayList<>();
        try {
            List<Callable<DirectoryStore>> opens = new ArrayList<>();
            for (int i = 0; i < openers; i++) {
                opens.add(() -> open(root, Optional.of(TestKeys.shared())));
            }
            for (Future<DirectoryStore> opened : pool.invokeAll(opens)) {
                stores.add(opened.get());
            }
            MemoryPath notes = path("/memories/notes.md");
            stores.get(0).change(files -> {
                files.write(notes, "shared\n".getBytes(StandardCharsets.UTF_8));
                return null;
            });
            for (DirectoryStore store : stores) {
                assertThat(new String(store.read(files -> files.read(notes)), StandardCharsets.UTF_8))
                        .isEqualTo("shared\n");
            }
            try (Stream<Path> names = Files.list(root)) {
                assertThat(names.map(name -> name.getFileName().toString())
                        .filter(name -> name.startsWith(".memdir-data-key") || name.startsWith(".memdir-tmp")))
                        .containsExactly(KEY_RECORD);
            }
        } finally {
            pool.shutdown();
            Stores.closeAll(stores);
        }
    }

    @Test
    void rotation_rewrapsTheRecord_thenSealsEveryFileAndVersionAgain_keepingWhatEachReads() throws Exception {
        Path keyFile = TestKeys.newKeyFile();
        Path root = temp.resolve("memories");
        Map<String, String> before;
        try (DirectoryStore store = open(root, Optional.of(TinkKeys.load(keyFile)))) {
            MemoryTool tool = new MemoryTool(store, MemoryFixture.stamper(), false, IndexBudget.DEFAULT);
            tool.call("create", MemoryFixture.args("path", "/memories/a.md", "file_text", "one\n"));
            tool.call("str_replace", MemoryFixture.args("path", "/memories/a.md", "old_str", "one", "new_str", "two"));
            tool.call("create", MemoryFixture.args("path", "/memories/dir/b.md", "file_text", "bravo\n"));
            before = everything(store);
        }
        Map<String, byte[]> storedBefore = stored(root);
        byte[] recordBefore = Files.readAllBytes(root.resolve(KEY_RECORD));
        KeyFiles.rotate(keyFile);

        try (DirectoryStore store = open(root, Optional.of(TinkKeys.load(keyFile)))) {
            assertThat(store.rotateKeys(false)).isZero();
            assertThat(Files.readAllBytes(root.resolve(KEY_RECORD))).isNotEqualTo(recordBefore);
            assertThat(stored(root)).allSatisfy((file, bytes) -> assertThat(bytes).isEqualTo(storedBefore.get(file)));
            assertThat(everything(store)).isEqualTo(before);

            assertThat(store.rotateKeys(true)).isEqualTo(3);
            assertThat(everything(store)).isEqualTo(before);
            Map<String, byte[]> storedAfter = stored(root);
            assertThat(storedAfter.keySet()).isEqualTo(storedBefore.keySet());
            assertThat(storedAfter).allSatisfy((file, bytes) -> assertThat(bytes).isNotEqualTo(storedBefore.get(file)));

            // A kill part-way through sealing again leaves some contents under the older data key: they still open.
            Files.write(root.resolve("a.md"), storedBefore.get("a.md"));
            assertThat(everything(store)).isEqualTo(before);
        }
        try (DirectoryStore reopened = open(root, Optional.of(TinkKeys.load(keyFile)))) {
            assertThat(everything(reopened)).isEqualTo(before);
        }
    }

    @Test
    void aPlainRoot_hasNoKeyToRotate() throws Exception {
        try (DirectoryStore store = open(temp.resolve("memories"), Optional.empty())) {
            SealRefusedException refused = catchThrowableOfType(SealRefusedException.class,
                    () -> store.rotateKeys(false));
            assertThat(refused).hasMessage(KeyMessages.notEncrypted());
        }
    }

    private static DirectoryStore open(Path root, Optional<MemoryKeys> keys) throws IOException {
        return DirectoryStore.open(new DirectoryOptions(root, LIMITS, HistoryLimits.DEFAULT, "sealed-test", keys));
    }

    /** Returns what the store shows of every file and every kept version, its content and SHA-256. */
    private static Map<String, String> everything(MemoryStore store) throws Exception {
        Map<String, String> shown = new HashMap<>();
        for (String virtual : List.of("/memories/a.md", "/memories/dir/b.md")) {
            MemoryPath file = path(virtual);
            shown.put(virtual, new String(store.read(files -> files.read(file)), StandardCharsets.UTF_8));
            for (FileVersion version : store.versions(file)) {
                byte[] content = store.read(files -> files.version(file, version.number())).orElseThrow();
                shown.put(virtual + "@" + version.number(), new String(content, StandardCharsets.UTF_8) + " "
                        + version.size() + " " + version.sha256().orElseThrow());
            }
        }
        return shown;
    }

    /** Returns the bytes on disk of every file and kept version below {@code root}, by where they lie. */
    private static Map<String, byte[]> stored(Path root) throws IOException {
        Map<String, byte[]> stored = new HashMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String name = root.relativize(file).toString();
                boolean content = !name.startsWith(".memdir") || file.getFileName().toString().matches("\\d{8}-.*");
                if (content) {
                    stored.put(name, Files.readAllBytes(file));
                }
            }
        }
        return stored;
    }

    /** Returns the files of the kept versions of {@code virtual}, oldest first. */
    private static List<Path> versionFiles(Path root, String virtual) throws IOException {
        String key = virtual.substring("/memories/".length());
        Path versions = root.resolve(".memdir-history").resolve(Sha256.hex(key.getBytes(StandardCharsets.UTF_8)));
        try (Stream<Path> files = Files.list(versions)) {
            return files.filter(file -> file.getFileName().toString().matches("\\d{8}-.*")).sorted().toList();
        }
    }
}

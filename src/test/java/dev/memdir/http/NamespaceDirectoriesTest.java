package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memdir.auth.PrincipalNames;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.store.Namespaces;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One directory per namespace, side by side: none shared, none inside another, each recording its namespace. */
class NamespaceDirectoriesTest {

    /** Names that nest, share a prefix or differ only in a character or in case. */
    private static final List<String> NAMES = List.of("a", "a/b", "a-b", "a.b", "a_b", "a/b/c", "a/b-c", "a-b/c",
            "ab", "b", "b/a", "team", "team/backend", "user", "user/alice", "user/Alice", "user/alice/x", "x.",
            "x.y", "-", "_", "0");

    @TempDir
    Path temp;

    @Test
    void aNamespaceIsOneDirectoryOfTheArea_slashWrittenPlus() {
        assertThat(NamespaceDirectories.directory(temp, "team/backend"))
                .isEqualTo(temp.resolve(".memdir-namespaces/team+backend"));
        assertThat(NamespaceDirectories.directory(temp, "team")).isEqualTo(temp.resolve(".memdir-namespaces/team"));
    }

    @Test
    void noTwoNamespacesShareADirectory_andNoneLiesInsideAnother() {
        assertThat(NAMES).allMatch(PrincipalNames::isNamespace);
        List<Path> directories = NAMES.stream().map(name -> NamespaceDirectories.directory(temp, name)).toList();

        assertThat(directories).doesNotHaveDuplicates()
                .allSatisfy(directory -> assertThat(directory.getParent())
                        .isEqualTo(temp.resolve(".memdir-namespaces")))
                .allSatisfy(directory -> assertThat(MemoryNames.reserved(directory.getFileName().toString()))
                        .isFalse());
        // '+' is in no namespace's name, so writing '/' as '+' loses nothing: the mapping is one to one.
        assertThat(PrincipalNames.isNamespace("a+b")).isFalse();
        assertThat(Namespaces.isValid("a+b")).isFalse();
    }

    /** The longest names: 200 characters of one segment, and 100 segments; each fits a file name (255 bytes). */
    @Test
    void theLongestNamespaces_fitAFileName_andServeAStore() throws Exception {
        for (String namespace : List.of("n".repeat(200), "s/".repeat(99) + "st")) {
            assertThat(namespace).hasSize(200);
            assertThat(PrincipalNames.isNamespace(namespace)).as(namespace).isTrue();
            Path directory = NamespaceDirectories.directory(temp, namespace);
            assertThat(directory.getFileName().toString().getBytes(StandardCharsets.UTF_8))
                    .hasSizeLessThanOrEqualTo(255);

            NamespaceDirectories.claim(directory, namespace);
            try (DirectoryStore store = DirectoryStore.open(DirectoryOptions.of(directory, StoreLimits.perFile(1 << 20),
                    "test"))) {
                assertThat(store.root()).isEqualTo(directory.toRealPath());
            }
        }
        assertThat(PrincipalNames.isNamespace("n".repeat(201))).isFalse();
    }

    @Test
    void aClaimMakesThePrivateDirectoryAndRecordsItsNamespace_onceForAll() throws Exception {
        Path directory = NamespaceDirectories.directory(temp, "team/backend");

        NamespaceDirectories.claim(directory, "team/backend");
        NamespaceDirectories.claim(directory, "team/backend");

        assertThat(directory.resolve(".memdir-namespace")).hasContent("team/backend\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(directory))).isEqualTo("rwx------");
        assertThat(MemoryNames.reserved(NamespaceDirectories.RECORD)).isTrue();
    }

    /**
     * What a file system that ignores case does: {@code user/Alice}'s directory is {@code user/alice}'s too. The
     * second namespace there is refused, in words that say why.
     */
    @Test
    void aDirectoryRecordingAnotherNamespace_isRefused() throws Exception {
        Path directory = NamespaceDirectories.directory(temp, "user/alice");
        NamespaceDirectories.claim(directory, "user/Alice");

        assertThatThrownBy(() -> NamespaceDirectories.claim(directory, "user/alice"))
                .isInstanceOf(IOException.class)
                .hasMessage("the directory " + directory + " holds namespace user/Alice, not user/alice (on a file"
                        + " system that ignores case, names that differ only in case share a directory); refused"
                        + " rather than shared");
        assertThat(directory.resolve(".memdir-namespace")).hasContent("user/Alice\n");
    }

    @Test
    void aDamagedRecord_isNamedNoNamespace_andRefused() throws Exception {
        Path directory = NamespaceDirectories.directory(temp, "team");
        NamespaceDirectories.claim(directory, "team");
        Files.write(directory.resolve(".memdir-namespace"), new byte[] {'.', '.', '/', (byte) 0xff, '\n'});

        assertThatThrownBy(() -> NamespaceDirectories.claim(directory, "team"))
                .hasMessageStartingWith("the directory " + directory + " holds another namespace, not team (");
    }
}

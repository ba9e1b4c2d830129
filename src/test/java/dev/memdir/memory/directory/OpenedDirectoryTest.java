package dev.memdir.memory.directory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The two ways a store reaches its entries: relative to opened directories ({@link SecureDirectory}, where the
 * platform has it) and by path ({@link PathDirectory}, elsewhere). Both see a link as a link and never read, list or
 * write through one; only the first keeps working in the directory it opened when a link is swapped in for it.
 */
class OpenedDirectoryTest {

    @TempDir
    Path temp;
    Path root;
    Path outside;

    @BeforeEach
    void tree() throws IOException {
        root = Files.createDirectories(temp.resolve("root")).toRealPath();
        outside = Files.createDirectories(temp.resolve("outside"));
        Files.writeString(outside.resolve("secret.md"), "secret");
        Files.createDirectories(root.resolve("d/sub"));
        Files.writeString(root.resolve("d/a.md"), "a");
        Files.createSymbolicLink(root.resolve("out"), outside);
        Files.createSymbolicLink(root.resolve("d/secret.md"), outside.resolve("secret.md"));
    }

    private OpenedDirectory open(String kind) throws IOException {
        return kind.equals("secure") ? OpenedDirectory.open(root) : new PathDirectory(root);
    }

    @Test
    void open_onLinux_isRelativeToTheOpenedDirectory() throws IOException {
        try (OpenedDirectory opened = OpenedDirectory.open(root)) {
            assertThat(opened).isInstanceOf(SecureDirectory.class);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"secure", "path"})
    void attributes_seeALinkAsALinkAndNothingAsNull(String kind) throws IOException {
        try (OpenedDirectory opened = open(kind)) {
            assertThat(opened.attributes("out").isSymbolicLink()).isTrue();
            assertThat(opened.attributes("d").isDirectory()).isTrue();
            assertThat(opened.attributes("missing")).isNull();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"secure", "path"})
    void directory_refusesALinkAFileAndNothing(String kind) throws IOException {
        try (OpenedDirectory opened = open(kind); OpenedDirectory d = opened.directory("d")) {
            assertThatThrownBy(() -> opened.directory("out")).isInstanceOf(IOException.class);
            assertThatThrownBy(() -> d.directory("a.md")).isInstanceOf(NotDirectoryException.class);
            assertThatThrownBy(() -> opened.directory("missing")).isInstanceOf(NoSuchFileException.class);
            assertThat(d.names()).containsExactlyInAnyOrder("a.md", "sub", "secret.md");
            assertThat(d.names()).as("listed again").containsExactlyInAnyOrder("a.md", "sub", "secret.md");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"secure", "path"})
    void read_refusesALinkToAFileOutside(String kind) throws IOException {
        try (OpenedDirectory opened = open(kind); OpenedDirectory d = opened.directory("d")) {
            assertThat(d.read("a.md")).asString(StandardCharsets.UTF_8).isEqualTo("a");
            assertThatThrownBy(() -> d.read("secret.md")).isInstanceOf(IOException.class);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"secure", "path"})
    void newFile_isOwnerOnlyAndRefusesATakenName(String kind) throws IOException {
        try (OpenedDirectory opened = open(kind); OpenedDirectory d = opened.directory("d")) {
            try (FileChannel channel = d.newFile("new.md")) {
                channel.write(ByteBuffer.wrap("new".getBytes(StandardCharsets.UTF_8)));
            }
            assertThatThrownBy(() -> d.newFile("a.md")).isInstanceOf(FileAlreadyExistsException.class);
            assertThatThrownBy(() -> d.newFile("secret.md")).isInstanceOf(FileAlreadyExistsException.class);
        }
        assertThat(root.resolve("d/new.md")).hasContent("new");
        assertThat(outside.resolve("secret.md")).hasContent("secret");
        assertMode(root.resolve("d/new.md"), "rw-------");
    }

    @ParameterizedTest
    @ValueSource(strings = {"secure", "path"})
    void newDirectory_isOwnerOnlyLeavesNothingBehindAndRefusesATakenName(String kind) throws IOException {
        try (OpenedDirectory opened = open(kind); OpenedDirectory d = opened.directory("d");
                OpenedDirectory made = d.newDirectory("made")) {
            AtomicFiles.write(made, "inside.md", "inside".getBytes(StandardCharsets.UTF_8));
            assertThatThrownBy(() -> d.newDirectory("sub")).isInstanceOf(FileAlreadyExistsException.class);
            assertThatThrownBy(() -> opened.newDirectory("out")).isInstanceOf(FileAlreadyExistsException.class);
        }
        assertThat(root.resolve("d/made/inside.md")).hasContent("inside");
        assertMode(root.resolve("d/made"), "rwx------");
        assertThat(names(root)).containsExactlyInAnyOrder("d", "out");
        assertThat(names(outside)).containsExactly("secret.md");
    }

    @ParameterizedTest
    @ValueSource(strings = {"secure", "path"})
    void moveAndDeleteTree_moveLinksNotTargetsAndRemoveLinksNotTargets(String kind) throws IOException {
        try (OpenedDirectory opened = open(kind); OpenedDirectory d = opened.directory("d")) {
            opened.move("out", d, "moved-out");
            d.deleteTree("sub");
            opened.deleteTree("d");
        }
        assertThat(names(root)).isEmpty();
        assertThat(outside.resolve("secret.md")).hasContent("secret");
    }

    /** The attack of issue 20, point 8, in slow motion: the directory is checked, opened, then swapped for a link. */
    @Test
    void secure_directorySwappedForALinkAfterItWasOpened_workGoesOnInTheDirectoryOpened() throws IOException {
        try (OpenedDirectory opened = OpenedDirectory.open(root); OpenedDirectory d = opened.directory("d")) {
            Files.move(root.resolve("d"), root.resolve("d.real"));
            Files.createSymbolicLink(root.resolve("d"), outside);

            AtomicFiles.write(d, "a.md", "edited".getBytes(StandardCharsets.UTF_8));
            AtomicFiles.write(d, "secret.md", "replaced the link".getBytes(StandardCharsets.UTF_8));
            try (OpenedDirectory made = d.newDirectory("made")) {
                AtomicFiles.write(made, "new.md", "new".getBytes(StandardCharsets.UTF_8));
            }
            assertThat(d.read("a.md")).asString(StandardCharsets.UTF_8).isEqualTo("edited");
            assertThat(d.names()).containsExactlyInAnyOrder("a.md", "sub", "secret.md", "made");
            d.deleteTree("sub");
        }
        assertThat(names(outside)).containsExactly("secret.md");
        assertThat(outside.resolve("secret.md")).hasContent("secret");
        assertThat(names(root.resolve("d.real"))).containsExactlyInAnyOrder("a.md", "secret.md", "made");
        assertThat(root.resolve("d.real/secret.md")).hasContent("replaced the link");
        assertThat(root.resolve("d.real/made/new.md")).hasContent("new");
        assertThat(names(root)).containsExactlyInAnyOrder("d", "d.real", "out");
    }

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> children = Files.list(directory)) {
            return children.map(child -> child.getFileName().toString()).toList();
        }
    }

    private static void assertMode(Path path, String mode) throws IOException {
        if (FilePermissions.isPosix(path)) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS)))
                    .isEqualTo(mode);
        }
    }
}

package dev.memdir.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.StoreLimits;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A principal's store names no host path: not as its location, not in a failure's text. */
class PrincipalStoreTest {

    @TempDir
    Path temp;

    @Test
    void itLivesAtMemories() throws Exception {
        try (MemoryStore store = new PrincipalStore(DirectoryStore.open(DirectoryOptions.of(temp.resolve("memory"),
                StoreLimits.perFile(1024), "test")))) {
            assertThat(store.location()).isEqualTo("/memories");
        }
    }

    @Test
    void aFileSystemFailureKeepsItsKindAndReason_butNotItsPaths() throws Exception {
        String host = temp.resolve("memory/.memdir-namespaces/user/alice/notes").toString();
        try (MemoryStore store = new PrincipalStore(DirectoryStore.open(DirectoryOptions.of(temp.resolve("memory"),
                StoreLimits.perFile(1024), "test")))) {
            FileSystemException denied = catchThrowableOfType(FileSystemException.class,
                    () -> store.read(files -> { throw new AccessDeniedException(host); }));
            FileSystemException gone = catchThrowableOfType(FileSystemException.class,
                    () -> store.change(files -> { throw new NoSuchFileException(host, host + "/b", null); }));
            FileSystemException reasoned = catchThrowableOfType(FileSystemException.class,
                    () -> store.read(files -> { throw new FileSystemException(host, null, "Is a directory"); }));
            FileSystemException bare = catchThrowableOfType(FileSystemException.class,
                    () -> store.read(files -> { throw new NotDirectoryException(host); }));

            assertThat(denied).isInstanceOf(AccessDeniedException.class).hasMessage("permission denied");
            assertThat(gone).isInstanceOf(NoSuchFileException.class).hasMessage("no such file");
            assertThat(reasoned).hasMessage("Is a directory");
            assertThat(bare).hasMessage("file system error");
            assertThat(bare.getCause()).hasMessage(host);
        }
    }

    @Test
    void vectors_theStoresShelf_whoseFailuresNameNoHostPath() throws Exception {
        Path root = temp.resolve("memory");
        try (DirectoryStore directory = DirectoryStore.open(DirectoryOptions.of(root, StoreLimits.perFile(1024),
                "test"));
                MemoryStore store = new PrincipalStore(directory)) {
            store.vectors().add(new byte[] {1, 2, 3});
            assertThat(directory.vectors().segments()).singleElement()
                    .satisfies(segment -> assertThat(segment.bytes()).containsExactly(1, 2, 3));

            Files.move(root.resolve(".memdir-vectors"), temp.resolve("moved"));
            Files.createSymbolicLink(root.resolve(".memdir-vectors"), temp.resolve("moved"));
            FileSystemException refused = catchThrowableOfType(FileSystemException.class,
                    () -> store.vectors().add(new byte[] {4}));

            assertThat(refused.getFile()).isNull();
            assertThat(refused.getMessage()).isEqualTo(((FileSystemException) refused.getCause()).getReason());
            assertThat(((FileSystemException) refused.getCause()).getFile()).endsWith(".memdir-vectors");
        }
    }
}

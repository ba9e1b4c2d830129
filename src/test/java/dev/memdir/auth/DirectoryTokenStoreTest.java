package dev.memdir.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only the directory token store does: its file beside the memory, owner-only and kept out of the memory. */
class DirectoryTokenStoreTest {

    private static final Instant NOW = Instant.parse("2026-12-01T09:00:00Z");

    @TempDir Path temp;
    @AutoClose TokenStore store;

    @BeforeEach
    void open() {
        store = DirectoryTokenStore.at(temp.resolve("memory"));
    }

    @Test
    void theDirectoryStoresFileIsOwnerOnlyAndNoPartOfTheMemory() throws Exception {
        Path root = temp.resolve("memory");
        Path file = root.resolve(DirectoryTokenStore.FILE_NAME);
        IssuedToken.issue(store, "alice", "user/alice", false, Optional.empty(), NOW);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        IssuedToken.issue(store, "bob", "user/bob", false, Optional.empty(), NOW);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(root))).isEqualTo("rwx------");
        try (DirectoryStore memory = DirectoryStore.open(DirectoryOptions.of(root, StoreLimits.perFile(1 << 20),
                "test"))) {
            assertThat(memory.listedFiles()).isEmpty();
            assertThat(memory.usage().files()).isZero();
        }
    }

    @Test
    void aTokenAddedWhileTheRootsStoreChangesWaitsForTheChangeInTheSameProcess() throws Exception {
        Path root = temp.resolve("memory");
        CompletableFuture<IssuedToken> added = new CompletableFuture<>();
        try (DirectoryStore memory = DirectoryStore.open(DirectoryOptions.of(root, StoreLimits.perFile(1 << 20),
                "test"))) {
            boolean waited = memory.change(files -> {
                Thread adding = new Thread(() -> {
                    try {
                        added.complete(IssuedToken.issue(store, "alice", "user/alice", false, Optional.empty(), NOW));
                    } catch (IOException | RuntimeException e) {
                        added.completeExceptionally(e);
                    }
                });
                adding.start();
                try {
                    adding.join(300);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                return adding.isAlive();
            });

            StoredToken token = added.get(10, TimeUnit.SECONDS).stored();
            assertThat(waited).as("the token's writer waits for the change").isTrue();
            assertThat(store.list()).containsExactly(token);
        }
    }

    @Test
    void aDamagedTokenFileIsAnErrorNamingTheLine() throws Exception {
        Path file = temp.resolve("memory").resolve(DirectoryTokenStore.FILE_NAME);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "# memdir bearer tokens\nnot\ta\ttoken\n");

        assertThat(catchThrowableOfType(IOException.class, store::list))
                .hasMessage("line 2 of " + file + " is damaged: 3 fields, not 8");
    }
}

package dev.memdir.memory;

import dev.memdir.memory.seal.KeyFiles;
import dev.memdir.memory.seal.TinkKeys;
import dev.memdir.memory.store.MemoryKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The key the tests seal memories under: one key file, made once per test JVM in a temporary directory. */
public final class TestKeys {

    private static MemoryKeys shared;

    private TestKeys() {}

    /** Returns the key a memory of {@code kind} is opened with: the shared one when it is sealed, else none. */
    public static Optional<MemoryKeys> of(StoreKind kind) {
        return kind.sealed() ? Optional.of(shared()) : Optional.empty();
    }

    /** Makes a new key file in a temporary directory, gone when the JVM ends. */
    public static Path newKeyFile() {
        try {
            Path directory = Files.createTempDirectory("memdir-test-key");
            directory.toFile().deleteOnExit();
            Path file = directory.resolve("memdir.key");
            KeyFiles.create(file);
            file.toFile().deleteOnExit();
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Returns the shared key. */
    public static synchronized MemoryKeys shared() {
        if (shared == null) {
            try {
                shared = TinkKeys.load(newKeyFile());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return shared;
    }
}

package dev.memdir.wiring;

import dev.memdir.config.Settings;
import dev.memdir.memory.seal.KeyFiles;
import dev.memdir.memory.seal.TinkKeys;
import dev.memdir.memory.store.MemoryKeys;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Loads the key the settings give ({@code --key-file}) and makes and rotates key files: the only door to
 * {@code memory/seal/}, so that nothing of Tink loads without a key.
 */
public final class KeyChoice {

    private KeyChoice() {}

    /** Returns the key the settings give (--key-file), loading Tink only then. */
    public static Optional<MemoryKeys> keys(Settings settings) throws IOException {
        return keys(settings.keyFile());
    }

    /** Returns the key in the key file {@code file}, if one is given; a file that holds none is refused in one line. */
    public static Optional<MemoryKeys> keys(Optional<Path> file) throws IOException {
        if (file.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Keys.load(file.get()));
        } catch (IOException e) {
            throw new StoreUnavailableException(e.getMessage(), e);
        }
    }

    /** Writes a new key file at {@code file}, readable by its owner alone; an existing file is never replaced. */
    public static void createKeyFile(Path file) throws IOException {
        Keys.create(file);
    }

    /** Adds a new primary key to the key file {@code file}; returns how many keys it holds now. */
    public static int rotateKeyFile(Path file) throws IOException {
        return Keys.rotate(file);
    }

    /** The calls that name Tink: a class of their own, so nothing of Tink loads without a key. */
    private static final class Keys {
        static MemoryKeys load(Path file) throws IOException {
            return TinkKeys.load(file);
        }

        static void create(Path file) throws IOException {
            KeyFiles.create(file);
        }

        static int rotate(Path file) throws IOException {
            return KeyFiles.rotate(file);
        }
    }
}

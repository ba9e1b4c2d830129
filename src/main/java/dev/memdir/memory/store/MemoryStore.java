package dev.memdir.memory.store;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.KeyMessages;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where a memory lives. Commands never touch storage but through {@link MemoryFiles} inside one of these two
 * units of work, so a second store (a database) is one more implementation of this interface.
 */
public interface MemoryStore extends Closeable {

    /**
     * Runs one command that may change the memory, as one unit no other writer (in this process or another)
     * interleaves with; the directory store holds its root lock, a database would hold a transaction.
     */
    <T> T change(StoreWork<T> work) throws IOException, CommandException;

    /** Runs one command that only reads. */
    <T> T read(StoreWork<T> work) throws IOException, CommandException;

    /** Returns where the memory lives, as the status resource names it (the directory store: its root). */
    String location();

    /**
     * Returns the directory of this host that holds the memory's files, for a store that keeps them there as files
     * (the instructions read MEMORY.md from it); empty for every other store.
     */
    default Optional<Path> directory() {
        return Optional.empty();
    }

    /** Returns how much the memory holds, as the limits count it. */
    Usage usage() throws IOException;

    /**
     * Returns the memory's one stream of changes ({@link ChangeFeed}): the changes made through this store, counted
     * as each ends, and every change, whoever made it (this process, another memdir, on the directory store an
     * editor), reported as the store hears it while anyone listens.
     */
    ChangeFeed changes();

    /**
     * Returns the text of the regular file at {@code path} (bytes that are not UTF-8 read as U+FFFD), or empty when
     * there is none (no link followed).
     */
    default Optional<String> readText(MemoryPath path) throws IOException {
        try {
            return read(files -> files.entry(path).isFile()
                    ? Optional.of(new String(files.read(path), StandardCharsets.UTF_8))
                    : Optional.<String>empty());
        } catch (CommandException escapes) {
            return Optional.empty();
        }
    }

    /** Returns the kept versions of {@code path}, newest first. */
    default List<FileVersion> versions(MemoryPath path) throws IOException {
        return readPlainly(files -> files.versions(path));
    }

    /** Returns every listed regular file of the memory, at any depth, in no particular order. */
    default List<ListedFile> listedFiles() throws IOException {
        return readPlainly(MemoryFiles::listedFiles);
    }

    /**
     * Wraps the memory's key record again under the newest key-encryption key and, when {@code reseal}, under a new
     * data key that every file and kept version is sealed again with, and then every vector segment
     * ({@code memdir key rotate}); returns how many contents were sealed again. A memory kept plain refuses.
     */
    default long rotateKeys(boolean reseal) throws IOException {
        throw new SealRefusedException(KeyMessages.notEncrypted(), null);
    }

    /**
     * Returns the shelf where recall keeps the vectors of this memory's contents. Each store keeps it with the
     * memory (and sealed when the memory is encrypted), out of reach of every memory path.
     */
    VectorShelf vectors();

    /** Runs reading work that names no path, or only paths it reads no file at, so no command error can come of it. */
    default <T> T readPlainly(StoreWork<T> work) throws IOException {
        try {
            return read(work);
        } catch (CommandException impossible) {
            throw new AssertionError(impossible);
        }
    }
}

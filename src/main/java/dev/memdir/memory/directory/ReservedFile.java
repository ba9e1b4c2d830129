package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.store.CommandException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One file of memdir's own in a root's reserved area ({@code .memdir*}, which no path, listing, count or watcher
 * reaches): read whole without the lock (a replacement is an atomic rename, so a reader sees the old or the new
 * bytes), replaced atomically under the root lock that every memdir process respects, always owner-only (0600).
 */
public final class ReservedFile {

    private final Path root;
    private final String name;

    private ReservedFile(Path root, String name) {
        this.root = root;
        this.name = name;
    }

    /** The file {@code name} (a reserved name) in {@code root}; nothing is created until the first update. */
    public static ReservedFile in(Path root, String name) {
        if (!MemoryNames.reserved(name) || name.contains("/") || name.startsWith(AtomicFiles.TEMP_PREFIX)) {
            throw new IllegalArgumentException("not a reserved file name of its own: " + name);
        }
        return new ReservedFile(root, name);
    }

    /** Returns where the file is (or would be). */
    public Path path() {
        return root.resolve(name);
    }

    /** Returns the file's bytes; empty when there is no such file (or no root). A link there is not followed. */
    public Optional<byte[]> read() throws IOException {
        try (InputStream in = Files.newInputStream(path(), LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of(in.readAllBytes());
        } catch (NoSuchFileException none) {
            return Optional.empty();
        }
    }

    /** What an update decided: the new bytes of the file (empty: leave it as it is) and what to answer. */
    public record Change<T>(Optional<byte[]> content, T result) {

        public static <T> Change<T> write(byte[] content, T result) {
            return new Change<>(Optional.of(content), result);
        }

        public static <T> Change<T> none(T result) {
            return new Change<>(Optional.empty(), result);
        }
    }

    /** Decides the file's new bytes from its current ones (empty when there is no file yet). */
    @FunctionalInterface
    public interface Update<T> {
        Change<T> apply(Optional<byte[]> current) throws IOException;
    }

    /**
     * Runs {@code update} under the root lock on the file's current bytes and writes what it decided, atomically
     * and flushed, mode 0600; creates the root (mode 0700) when it is missing.
     */
    public <T> T update(Update<T> update) throws IOException {
        if (!Files.exists(root)) {
            Files.createDirectories(root, FilePermissions.privateDirectory(root));
        }
        if (!Files.isDirectory(root)) {
            throw new NotDirectoryException(root.toString());
        }
        Path real = root.toRealPath();
        try (RootLock lock = new RootLock(real)) {
            return lock.holding(() -> {
                Change<T> change = update.apply(read());
                if (change.content().isPresent()) {
                    try (OpenedDirectory opened = OpenedDirectory.open(real)) {
                        AtomicFiles.writePrivate(opened, name, change.content().get());
                    }
                }
                return change.result();
            });
        } catch (CommandException impossible) {
            throw new AssertionError(impossible);
        }
    }
}

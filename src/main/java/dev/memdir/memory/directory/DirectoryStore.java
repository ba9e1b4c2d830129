package dev.memdir.memory.directory;

import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.memory.store.StoreWork;
import dev.memdir.memory.store.Usage;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The default store: the memory is a directory on disk. A change holds the root lock, which every memdir process
 * sharing the root respects; every write is atomic and flushed; no path reaches outside the root through a link.
 * Each unit of work ({@link DirectoryFiles}) opens the root once and reaches every entry from it one name at a time
 * ({@link Located}, {@link OpenedDirectory}), so a link swapped in after a check is never followed.
 */
public final class DirectoryStore implements MemoryStore {

    private final Path root;
    private final StoreLimits limits;
    private final RootLock lock;
    private final History history;
    private final UsageLedger ledger;
    private final AtomicLong changesMade = new AtomicLong();

    private DirectoryStore(Path root, StoreLimits limits, RootLock lock, History history) {
        this.root = root;
        this.limits = limits;
        this.lock = lock;
        this.history = history;
        this.ledger = new UsageLedger();
    }

    /** As {@link #open(Path, StoreLimits, HistoryLimits, String)} with the default history limits. */
    public static DirectoryStore open(Path root, StoreLimits limits, String actor) throws IOException {
        return open(root, limits, HistoryLimits.DEFAULT, actor);
    }

    /**
     * Opens (creating if needed, mode 0700) the root and clears what earlier processes left there ({@link Leftovers});
     * the history names {@code actor} (a session id) as the writer of what it keeps.
     */
    public static DirectoryStore open(Path root, StoreLimits limits, HistoryLimits historyLimits, String actor)
            throws IOException {
        if (!Files.exists(root)) {
            Files.createDirectories(root, FilePermissions.privateDirectory(root));
        }
        if (!Files.isDirectory(root)) {
            throw new NotDirectoryException(root.toString());
        }
        Path real = root.toRealPath();
        DirectoryStore store = new DirectoryStore(real, limits, new RootLock(real),
                new History(historyLimits, Clock.systemUTC(), actor));
        try {
            store.lock.holding(() -> {
                try (OpenedDirectory opened = OpenedDirectory.open(real)) {
                    Leftovers.clear(opened);
                }
                return null;
            });
        } catch (CommandException impossible) {
            throw new AssertionError(impossible);
        }
        return store;
    }

    /** Returns the real path of the root directory. */
    public Path root() {
        return root;
    }

    @Override
    public <T> T change(StoreWork<T> work) throws IOException, CommandException {
        return lock.holding(() -> {
            try (DirectoryFiles unit = new DirectoryFiles(root, limits, history, ledger, true)) {
                try {
                    T result = work.run(unit);
                    unit.commit();
                    changesMade.incrementAndGet();
                    return result;
                } catch (IOException | CommandException | RuntimeException e) {
                    unit.abandon(e);
                    throw e;
                }
            }
        });
    }

    @Override
    public <T> T read(StoreWork<T> work) throws IOException, CommandException {
        try (DirectoryFiles unit = new DirectoryFiles(root, limits, history, ledger, false)) {
            return work.run(unit);
        }
    }

    @Override
    public Optional<Path> directory() {
        return Optional.of(root);
    }

    @Override
    public String location() {
        return root.toString();
    }

    @Override
    public Usage usage() throws IOException {
        try (OpenedDirectory opened = OpenedDirectory.open(root)) {
            return ledger.peek(opened);
        } catch (NoSuchFileException | NotDirectoryException gone) {
            return new Usage(0, 0);
        }
    }

    @Override
    public long changesMade() {
        return changesMade.get();
    }

    /** Watches the root on disk, so that an editor's changes are heard as well as every memdir's. */
    @Override
    public Closeable watch(Consumer<MemoryChanges> listener) throws IOException {
        return RootWatcher.start(root, listener);
    }

    @Override
    public void close() throws IOException {
        lock.close();
    }
}

package dev.memdir.memory.directory;

import dev.memdir.memory.render.KeyMessages;
import dev.memdir.memory.store.ChangeFeed;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.SealChoice;
import dev.memdir.memory.store.SealRefusedException;
import dev.memdir.memory.store.SealedShelf;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.memory.store.StoreWork;
import dev.memdir.memory.store.Usage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * The default store: the memory is a directory on disk. A change holds the root lock, which every memdir process
 * sharing the root respects; every write is atomic and flushed; no path reaches outside the root through a link.
 * Each unit of work ({@link DirectoryFiles}) opens the root once and reaches every entry from it one name at a time
 * ({@link Located}, {@link OpenedDirectory}), so a link swapped in after a check is never followed. A root with a
 * key record ({@link DirectoryKeyRecord}) keeps every file and kept version sealed, and shows their plain sizes.
 */
public final class DirectoryStore implements MemoryStore {

    /**
     * The namespace a root's data key and contents are bound to. Each root has a data key of its own, so contents
     * copied from another root do not open; a root moved or renamed whole still opens.
     */
    static final String NAMESPACE = "directory";

    private final Path root;
    private final StoreLimits limits;
    private final RootLock lock;
    private final History history;
    private final UsageLedger ledger;
    private final Optional<MemoryKeys> keys;
    /** Hears an editor's changes as well as every memdir's, by watching the root on disk. */
    private final ChangeFeed changes;
    private volatile ContentSeal seal;

    private DirectoryStore(Path root, StoreLimits limits, RootLock lock, History history, Optional<MemoryKeys> keys,
            ContentSeal seal) {
        this.root = root;
        this.limits = limits;
        this.lock = lock;
        this.history = history;
        this.ledger = new UsageLedger();
        this.keys = keys;
        this.seal = seal;
        this.changes = new ChangeFeed(heard -> RootWatcher.start(root, heard));
    }

    /**
     * Opens (creating if needed, mode 0700) the root {@code options} names and clears what earlier processes left
     * there ({@link Leftovers}); seals the root's contents when it has a key record, by the rules of
     * {@link SealChoice} with the key given, if any.
     */
    public static DirectoryStore open(DirectoryOptions options) throws IOException {
        Path root = options.root();
        Optional<MemoryKeys> keys = options.keys();
        if (!Files.exists(root)) {
            Files.createDirectories(root, FilePermissions.privateDirectory(root));
        }
        if (!Files.isDirectory(root)) {
            throw new NotDirectoryException(root.toString());
        }
        Path real = root.toRealPath();
        RootLock lock = new RootLock(real);
        ContentSeal seal;
        try {
            seal = lock.holding(() -> {
                try (OpenedDirectory opened = OpenedDirectory.open(real)) {
                    Leftovers.clear(opened);
                }
                return SealChoice.choose(keys, NAMESPACE, new DirectoryKeyRecord(real), true);
            });
        } catch (CommandException impossible) {
            throw new AssertionError(impossible);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
        return new DirectoryStore(real, options.limits(), lock,
                new History(options.history(), Clock.systemUTC(), options.actor()), keys, seal);
    }

    /**
     * Returns whether the root at {@code root} is encrypted (holds a key record), so that its files hold no text to
     * read from the disk: read them through a store opened with the key.
     */
    public static boolean sealed(Path root) {
        return Files.exists(root.resolve(DirectoryKeyRecord.FILE_NAME), LinkOption.NOFOLLOW_LINKS);
    }

    /** Returns the real path of the root directory. */
    public Path root() {
        return root;
    }

    @Override
    public <T> T change(StoreWork<T> work) throws IOException, CommandException {
        T done = lock.holding(() -> {
            try (DirectoryFiles unit = new DirectoryFiles(root, limits, history, ledger, seal, true)) {
                try {
                    T result = work.run(unit);
                    unit.commit();
                    return result;
                } catch (IOException | CommandException | RuntimeException e) {
                    unit.abandon(e);
                    throw e;
                }
            }
        });
        changes.made();
        return done;
    }

    @Override
    public <T> T read(StoreWork<T> work) throws IOException, CommandException {
        try (DirectoryFiles unit = new DirectoryFiles(root, limits, history, ledger, seal, false)) {
            return work.run(unit);
        }
    }

    /** Returns the root, for a plain one: the files of a sealed root hold no text to read from the disk. */
    @Override
    public Optional<Path> directory() {
        return seal.seals() ? Optional.empty() : Optional.of(root);
    }

    @Override
    public String location() {
        return root.toString();
    }

    @Override
    public Usage usage() throws IOException {
        try (OpenedDirectory opened = OpenedDirectory.open(root)) {
            return ledger.peek(opened, seal);
        } catch (NoSuchFileException | NotDirectoryException gone) {
            return new Usage(0, 0);
        }
    }

    @Override
    public ChangeFeed changes() {
        return changes;
    }

    /**
     * Wraps the root's key record again under the newest key-encryption key ({@code memdir key rotate}); with
     * {@code reseal} a new data key is made the primary one and every file and kept version is sealed again under it
     * ({@link Reseal}), and then every vector segment. Returns how many contents were sealed again (the segments are
     * not counted). A plain root is refused.
     */
    public long rotateKeys(boolean reseal) throws IOException {
        if (!seal.seals()) {
            throw new SealRefusedException(KeyMessages.notEncrypted(), null);
        }
        long sealed;
        try {
            sealed = lock.holding(() -> {
                DirectoryKeyRecord record = new DirectoryKeyRecord(root);
                byte[] wrapped = keys.orElseThrow().rewrap(NAMESPACE, record.read().orElseThrow(), reseal);
                ContentSeal newer = keys.orElseThrow().seal(NAMESPACE, wrapped);
                record.replace(wrapped);
                seal = newer;
                if (!reseal) {
                    return 0L;
                }
                try (OpenedDirectory opened = OpenedDirectory.open(root)) {
                    return Reseal.files(opened, newer) + history.reseal(opened, newer);
                }
            });
        } catch (CommandException impossible) {
            throw new AssertionError(impossible);
        }
        if (reseal) {
            // After the lock is let go: each segment is replaced under the lock of its own.
            vectors().sealAgain();
        }
        return sealed;
    }

    /** Keeps the vector segments in {@code .memdir-vectors}, beside the history ({@link VectorSegments}). */
    @Override
    public SealedShelf vectors() {
        return new SealedShelf(new VectorSegments(root, lock), () -> seal, root.toString());
    }

    @Override
    public void close() throws IOException {
        changes.close();
        lock.close();
    }
}

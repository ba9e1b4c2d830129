package dev.memdir.memory;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The default store: the memory is a directory on disk. A change holds the root lock, which every memdir process
 * sharing the root respects; every write is atomic and flushed; no path reaches outside the root through a link.
 */
public final class DirectoryStore implements MemoryStore {

    private final Path root;
    private final StoreLimits limits;
    private final RootLock lock;
    private final History history;
    private final UsageLedger ledger;
    private final String actor;
    private final AtomicLong changesMade = new AtomicLong();

    private DirectoryStore(Path root, StoreLimits limits, RootLock lock, History history, String actor) {
        this.root = root;
        this.actor = actor;
        this.limits = limits;
        this.lock = lock;
        this.history = history;
        this.ledger = new UsageLedger(root);
    }

    /** As {@link #open(Path, StoreLimits, HistoryLimits, String)} with the default history limits. */
    public static DirectoryStore open(Path root, StoreLimits limits, String actor) throws IOException {
        return open(root, limits, HistoryLimits.DEFAULT, actor);
    }

    /**
     * Opens (creating if needed, mode 0700) the root and removes temp files a crashed writer left there; the
     * history names {@code actor} (a session id) as the writer of what it keeps.
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
                new History(real, historyLimits, Clock.systemUTC(), actor), actor);
        try {
            store.lock.holding(() -> {
                AtomicFiles.removeStrayTempFiles(real);
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
            Unit unit = new Unit(true);
            try {
                T result = work.run(unit);
                unit.commit();
                changesMade.incrementAndGet();
                return result;
            } catch (IOException | CommandException | RuntimeException e) {
                unit.abandon(e);
                throw e;
            }
        });
    }

    @Override
    public <T> T read(StoreWork<T> work) throws IOException, CommandException {
        return work.run(new Unit(false));
    }

    @Override
    public String location() {
        return root.toString();
    }

    @Override
    public Usage usage() throws IOException {
        return ledger.peek();
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

    /**
     * Returns where {@code path} lands on disk. Every existing component that is a symbolic link must resolve inside
     * the root; the final one is left unresolved so that a link there is seen as a link.
     */
    Located locate(MemoryPath path) throws IOException, CommandException {
        if (!Files.isDirectory(root)) {
            throw new CommandException(Messages.rootGone());
        }
        Path current = root;
        List<String> segments = path.segments();
        for (int i = 0; i < segments.size(); i++) {
            Path next = current.resolve(segments.get(i));
            BasicFileAttributes attributes = new Located(path, next).attributes();
            if (attributes == null) {
                for (String rest : segments.subList(i + 1, segments.size())) {
                    next = next.resolve(rest);
                }
                return new Located(path, next);
            }
            boolean last = i == segments.size() - 1;
            if (!last && attributes.isRegularFile()) {
                return new Located(path, path.under(root), true);
            }
            if (attributes.isSymbolicLink()) {
                Path target = realInsideRoot(next);
                if (target == null) {
                    throw new CommandException(Messages.symlinkEscape());
                }
                if (last) {
                    return new Located(path, next);
                }
                next = target;
            }
            current = next;
        }
        return new Located(path, current);
    }

    /** Returns the real path of a link when it stays inside the root, or null (outside, dangling or looping). */
    private Path realInsideRoot(Path link) {
        try {
            Path real = link.toRealPath();
            return real.startsWith(root) ? real : null;
        } catch (IOException dangling) {
            return null;
        }
    }

    @Override
    public void close() throws IOException {
        lock.close();
    }

    /** A step that changes the disk, run by {@link Unit#withParents}. */
    @FunctionalInterface
    private interface DiskStep {
        void run() throws IOException, CommandException;
    }

    /** The files as one unit of work sees them; only a unit made by {@link #change} writes. */
    private final class Unit implements MemoryFiles {

        private final boolean changing;
        private Usage usage;
        private boolean touched;

        Unit(boolean changing) {
            this.changing = changing;
        }

        @Override
        public Entry entry(MemoryPath path) throws IOException, CommandException {
            BasicFileAttributes attributes = locate(path).attributes();
            if (attributes == null) {
                return Entry.ABSENT;
            }
            Entry.Kind kind = attributes.isSymbolicLink() ? Entry.Kind.LINK
                    : attributes.isDirectory() ? Entry.Kind.DIRECTORY
                    : attributes.isRegularFile() ? Entry.Kind.FILE
                    : Entry.Kind.OTHER;
            return new Entry(kind, attributes.size());
        }

        @Override
        public byte[] read(MemoryPath path) throws IOException, CommandException {
            Located located = locate(path);
            BasicFileAttributes attributes = located.attributes();
            if (attributes == null) {
                throw new CommandException(Messages.notFound(path.display()));
            }
            if (attributes.isSymbolicLink()) {
                throw new CommandException(Messages.symlinkNotFollowed(path.display()));
            }
            if (!attributes.isRegularFile()) {
                throw new CommandException(Messages.notAFile(path.display()));
            }
            return bytes(located);
        }

        @Override
        public List<ListedEntry> list(MemoryPath directory, int depth) throws IOException, CommandException {
            return ListingWalk.entries(locate(directory).disk(), directory.display(), depth);
        }

        @Override
        public List<ListedFile> listedFiles() throws IOException {
            List<ListedFile> listed = new ArrayList<>();
            MemoryFileWalk.listed(root, (segments, attributes) -> listed.add(new ListedFile(
                    MemoryPath.of(segments), attributes.size(),
                    attributes.lastModifiedTime().toInstant(), attributes.lastAccessTime().toInstant())));
            return listed;
        }

        @Override
        public void write(MemoryPath path, byte[] content, FileVersion.Operation operation)
                throws IOException, CommandException {
            requireChanging();
            limits.checkFileSize(path, content.length);
            Located located = locate(path);
            BasicFileAttributes existing = located.attributes();
            if (existing != null && !existing.isRegularFile()) {
                throw new CommandException(Messages.notAFile(path.display()));
            }
            Usage after = limits.admit(path,
                    existing == null ? Entry.ABSENT : new Entry(Entry.Kind.FILE, existing.size()),
                    content.length, usage());
            withParents(located, () -> {
                if (existing != null) {
                    history.keep(path, bytes(located), operation);
                }
                AtomicFiles.write(located.disk(), content);
            });
            usage = after;
        }

        @Override
        public void delete(MemoryPath path) throws IOException, CommandException {
            requireChanging();
            Located located = locate(path);
            Usage now = usage();
            Usage removed = history.keepTree(path, located.disk(), FileVersion.Operation.DELETE);
            touched = true;
            deleteTree(located.disk());
            AtomicFiles.syncDirectory(located.disk().getParent());
            usage = now.plus(-removed.files(), -removed.bytes());
        }

        @Override
        public void move(MemoryPath from, MemoryPath to) throws IOException, CommandException {
            requireChanging();
            Located source = locate(from);
            Located destination = locate(to);
            history.keepTree(from, source.disk(), FileVersion.Operation.RENAME);
            withParents(destination,
                    () -> Files.move(source.disk(), destination.disk(), StandardCopyOption.ATOMIC_MOVE));
            AtomicFiles.syncDirectory(source.disk().getParent());
            AtomicFiles.syncDirectory(destination.disk().getParent());
        }

        @Override
        public List<FileVersion> versions(MemoryPath path) throws IOException {
            return history.versions(path);
        }

        @Override
        public Optional<byte[]> version(MemoryPath path, int number) throws IOException {
            return history.content(path, number);
        }

        @Override
        public void redact(MemoryPath path, int number) throws IOException {
            requireChanging();
            history.redact(path, number, actor);
        }

        @Override
        public List<MemoryPath> allFiles() throws IOException {
            List<MemoryPath> files = new ArrayList<>();
            MemoryFileWalk.all(root, (segments, attributes) -> files.add(MemoryPath.of(segments)));
            return files;
        }

        @Override
        public List<MemoryPath> historyPaths() throws IOException {
            return history.paths();
        }

        @Override
        public void addVersion(MemoryPath path, FileVersion version, Optional<byte[]> content) throws IOException {
            requireChanging();
            history.add(path, version, content);
        }

        private void requireChanging() {
            if (!changing) {
                throw new IllegalStateException("a read cannot change the memory");
            }
        }

        private Usage usage() throws IOException {
            if (usage == null) {
                usage = ledger.read();
            }
            return usage;
        }

        /**
         * Creates the missing directories above {@code target} (mode 0700), runs {@code step}, and takes those
         * directories away again when it fails.
         */
        private void withParents(Located target, DiskStep step) throws IOException, CommandException {
            List<Path> created = createParents(target);
            touched = true;
            try {
                step.run();
            } catch (IOException | CommandException | RuntimeException e) {
                removeCreated(created);
                throw e;
            }
        }

        private List<Path> createParents(Located located) throws IOException, CommandException {
            List<Path> created = new ArrayList<>();
            Path current = root;
            List<String> segments = located.path().segments();
            for (int i = 0; i < segments.size() - 1; i++) {
                current = current.resolve(segments.get(i));
                BasicFileAttributes attributes = new Located(located.path(), current).attributes();
                if (attributes == null) {
                    try {
                        Files.createDirectory(current, FilePermissions.privateDirectory(current));
                    } catch (FileAlreadyExistsException raced) {
                        continue;
                    }
                    AtomicFiles.syncDirectory(current.getParent());
                    created.add(current);
                } else if (attributes.isSymbolicLink()) {
                    current = realInsideRoot(current);
                    if (current == null) {
                        removeCreated(created);
                        throw new CommandException(Messages.symlinkEscape());
                    }
                } else if (!attributes.isDirectory()) {
                    removeCreated(created);
                    String ancestor = MemoryPath.ROOT + "/" + String.join("/", segments.subList(0, i + 1));
                    throw new CommandException(Messages.notADirectory(ancestor));
                }
            }
            return created;
        }

        private void removeCreated(List<Path> created) {
            for (int i = created.size() - 1; i >= 0; i--) {
                try {
                    Files.deleteIfExists(created.get(i));
                } catch (IOException notEmptyOrGone) {
                    return;
                }
            }
        }

        void commit() throws IOException {
            if (touched && usage != null) {
                ledger.save(usage);
            }
        }

        /** After a failure part-way through a change the totals are unknown: the next change counts again. */
        void abandon(Exception failure) {
            if (touched) {
                try {
                    ledger.forget();
                } catch (IOException alsoFailed) {
                    failure.addSuppressed(alsoFailed);
                }
            }
        }
    }

    /** Reads a file's bytes without following a final link. */
    private static byte[] bytes(Located located) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(located.disk(),
                Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
                InputStream in = Channels.newInputStream(channel)) {
            return in.readAllBytes();
        }
    }

    /** Deletes depth-first without following links, so a link inside the tree never takes its target with it. */
    private static void deleteTree(Path top) throws IOException {
        Files.walkFileTree(top, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path directory, IOException failure) throws IOException {
                if (failure != null) {
                    throw failure;
                }
                Files.delete(directory);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}

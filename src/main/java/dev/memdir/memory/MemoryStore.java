package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.frontmatter.Stamp;
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
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The memory root on disk: where virtual paths land, how files are read and written, and the write lock. */
public final class MemoryStore implements Closeable {

    private final Path root;
    private final StoreLimits limits;
    private final FrontmatterStamper stamper;
    private final RootLock lock;
    private final History history;

    private MemoryStore(Path root, StoreLimits limits, FrontmatterStamper stamper, RootLock lock, History history) {
        this.history = history;
        this.root = root;
        this.limits = limits;
        this.stamper = stamper;
        this.lock = lock;
    }

    /**
     * Opens (creating if needed, mode 0700) the root and removes temp files a crashed writer left there;
     * {@code stamper} stamps the frontmatter of every file written.
     */
    public static MemoryStore open(Path root, StoreLimits limits, FrontmatterStamper stamper) throws IOException {
        return open(root, limits, HistoryLimits.DEFAULT, stamper);
    }

    /** As {@link #open(Path, StoreLimits, FrontmatterStamper)}, keeping history within {@code historyLimits}. */
    public static MemoryStore open(Path root, StoreLimits limits, HistoryLimits historyLimits,
            FrontmatterStamper stamper) throws IOException {
        if (!Files.exists(root)) {
            Files.createDirectories(root, FilePermissions.privateDirectory(root));
        }
        if (!Files.isDirectory(root)) {
            throw new NotDirectoryException(root.toString());
        }
        Path real = root.toRealPath();
        RootLock lock = new RootLock(real);
        MemoryStore store = new MemoryStore(real, limits, stamper, lock,
                new History(real, historyLimits, Clock.systemUTC(), stamper.sessionId()));
        try {
            store.exclusively(() -> {
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

    /** Runs {@code action} holding the root's write lock, which other memdir processes respect too. */
    <T> T exclusively(StoreAction<T> action) throws IOException, CommandException {
        return lock.holding(action);
    }

    /**
     * Returns where {@code path} lands on disk. Every existing ancestor that is a symbolic link must
     * resolve inside the root; the final name is left unresolved so that a link there is seen as a link.
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
                if (target == null && !last) {
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

    /** Fails unless the entry is a regular file that can be read as it stands (no link followed). */
    void requireRegularFile(Located located, String notFoundText) throws IOException, CommandException {
        BasicFileAttributes attributes = located.attributes();
        if (attributes == null) {
            throw new CommandException(notFoundText);
        }
        if (attributes.isSymbolicLink()) {
            throw new CommandException(realInsideRoot(located.disk()) == null
                    ? Messages.symlinkEscape()
                    : Messages.symlinkNotFollowed(located.display()));
        }
        if (!attributes.isRegularFile()) {
            throw new CommandException(Messages.notAFile(located.display()));
        }
    }

    /** Returns {@code content} as it is written: its frontmatter, if any, stamped. */
    Stamp stamp(String content, boolean creating) {
        return stamper.stamp(content, creating);
    }

    /** Returns the text of a regular file, or empty when the path holds no regular file (no link followed). */
    public Optional<String> readText(MemoryPath path) throws IOException {
        try {
            Located located = locate(path);
            BasicFileAttributes attributes = located.attributes();
            if (attributes == null || !attributes.isRegularFile()) {
                return Optional.empty();
            }
            return Optional.of(TextContent.decodeForView(read(located)));
        } catch (CommandException escapes) {
            return Optional.empty();
        }
    }

    /** Returns how many visible regular files the root holds and their bytes (hidden names are not counted). */
    public Usage usage() throws IOException {
        long[] totals = new long[2];
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attrs) {
                return directory.equals(root) || !hidden(directory) ? FileVisitResult.CONTINUE
                        : FileVisitResult.SKIP_SUBTREE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (attrs.isRegularFile() && !hidden(file)) {
                    totals[0]++;
                    totals[1] += attrs.size();
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException exc) {
                return FileVisitResult.CONTINUE;
            }
        });
        return new Usage(totals[0], totals[1]);
    }

    private static boolean hidden(Path path) {
        return path.getFileName().toString().startsWith(".");
    }

    /** Reads a regular file as UTF-8 text for an edit; the caller holds the lock until it writes back. */
    TextFile readForEdit(MemoryPath path) throws IOException, CommandException {
        Located located = locate(path);
        requireRegularFile(located, Messages.notFound(path.display()));
        return new TextFile(located, TextContent.decodeForEdit(read(located), path.display()));
    }

    /** Reads a file's bytes without following a final link. */
    byte[] read(Located located) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(located.disk(),
                Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
                InputStream in = Channels.newInputStream(channel)) {
            return in.readAllBytes();
        }
    }

    /**
     * Writes {@code content} atomically, refusing (and changing nothing) past the per-file cap; a file it replaces
     * is kept in the history first.
     */
    void write(Located located, byte[] content) throws IOException, CommandException {
        checkSize(located, content);
        BasicFileAttributes existing = located.attributes();
        if (existing != null && existing.isRegularFile()) {
            history.keep(located.path(), read(located));
        }
        AtomicFiles.write(located.disk(), content);
    }

    /** Keeps in the history every regular file at or below {@code located}, before it is deleted or moved. */
    void keepHistoryOf(Located located) throws IOException {
        history.keepTree(located.path(), located.disk());
    }

    /** Returns the history of this root's files. */
    public History history() {
        return history;
    }

    /**
     * Writes version {@code number} (else the newest) of {@code path} back, keeping what is there now in the
     * history first, so that a restore can be undone too. Returns the version restored.
     */
    public History.Version restore(MemoryPath path, Optional<Integer> number) throws IOException, CommandException {
        return exclusively(() -> {
            History.Version version = history.versions(path).stream()
                    .filter(candidate -> number.isEmpty() || candidate.number() == number.get())
                    .findFirst()
                    .orElseThrow(() -> new CommandException(Messages.noSuchVersion(path.display(), number)));
            byte[] content = history.content(path, version.number()).orElseThrow();
            Located located = locate(path);
            if (located.exists() && !located.attributes().isRegularFile()) {
                throw new CommandException(Messages.notAFileToRestore(path.display()));
            }
            List<Path> created = createParents(located);
            try {
                write(located, content);
            } catch (IOException | CommandException | RuntimeException e) {
                removeCreated(created);
                throw e;
            }
            return version;
        });
    }

    /** Fails when writing {@code content} at {@code located} would pass a limit of the file or of the root. */
    void checkSize(Located located, byte[] content) throws IOException, CommandException {
        if (content.length > limits.maxFileBytes()) {
            throw new CommandException(Messages.tooLarge(located.display(), content.length, limits.maxFileBytes()));
        }
        if (!limits.limitsRoot()) {
            return;
        }
        BasicFileAttributes existing = located.attributes();
        boolean replaces = existing != null && existing.isRegularFile();
        Usage now = usage();
        long files = now.files() + (replaces ? 0 : 1);
        long bytes = now.bytes() - (replaces ? existing.size() : 0) + content.length;
        if (files > limits.maxFiles()) {
            throw new CommandException(Messages.tooManyFiles(located.display(), limits.maxFiles()));
        }
        if (bytes > limits.maxRootBytes()) {
            throw new CommandException(Messages.rootTooLarge(located.display(), bytes, limits.maxRootBytes()));
        }
    }

    /**
     * Creates the missing directories above {@code located} (mode 0700) and returns those it created,
     * deepest last, so that a caller whose next step fails can take them away again.
     */
    List<Path> createParents(Located located) throws IOException, CommandException {
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

    /** Removes directories made by {@link #createParents} (deepest first), if they are still empty. */
    void removeCreated(List<Path> created) {
        for (int i = created.size() - 1; i >= 0; i--) {
            try {
                Files.deleteIfExists(created.get(i));
            } catch (IOException notEmptyOrGone) {
                return;
            }
        }
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
}

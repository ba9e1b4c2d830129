package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.Entry;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.ListedEntry;
import dev.memdir.memory.store.ListedFile;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.memory.store.Usage;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A directory store's files as one unit of work sees them, every entry reached from the root it opens at its first
 * use; only a unit made for {@link DirectoryStore#change} writes, under the root lock.
 */
final class DirectoryFiles implements MemoryFiles, Closeable {

    /** A read of the whole root. */
    @FunctionalInterface
    private interface RootRead<T> {
        T read(OpenedDirectory root) throws IOException;
    }

    private final Path root;
    private final StoreLimits limits;
    private final History history;
    private final UsageLedger ledger;
    private final ContentSeal seal;
    private final boolean changing;
    private OpenedDirectory openedRoot;
    private Usage usage;
    private boolean touched;

    DirectoryFiles(Path root, StoreLimits limits, History history, UsageLedger ledger, ContentSeal seal,
            boolean changing) {
        this.root = root;
        this.limits = limits;
        this.history = history;
        this.ledger = ledger;
        this.seal = seal;
        this.changing = changing;
    }

    @Override
    public Entry entry(MemoryPath path) throws IOException, CommandException {
        try (Located located = locate(path)) {
            BasicFileAttributes attributes = located.attributes();
            if (attributes == null) {
                return Entry.ABSENT;
            }
            Entry.Kind kind = attributes.isSymbolicLink() ? Entry.Kind.LINK
                    : attributes.isDirectory() ? Entry.Kind.DIRECTORY
                    : attributes.isRegularFile() ? Entry.Kind.FILE
                    : Entry.Kind.OTHER;
            return new Entry(kind, PlainSize.of(attributes, seal));
        }
    }

    @Override
    public byte[] read(MemoryPath path) throws IOException, CommandException {
        try (Located located = locate(path)) {
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
            return seal.open(path, located.bytes());
        }
    }

    @Override
    public List<ListedEntry> list(MemoryPath directory, int depth) throws IOException, CommandException {
        try (Located located = locate(directory)) {
            if (!located.exists()) {
                throw new CommandException(Messages.notFound(directory.display()));
            }
            OpenedDirectory listed;
            try {
                listed = located.directory();
            } catch (IOException unreadable) {
                // An unreadable or vanished directory lists as empty rather than failing the whole view.
                return List.of();
            }
            try (listed) {
                return ListingWalk.entries(listed, directory.display(), depth, seal);
            }
        }
    }

    @Override
    public List<ListedFile> listedFiles() throws IOException {
        List<ListedFile> listed = new ArrayList<>();
        return readRoot(listed, root -> {
            MemoryFileWalk.listed(root, (parent, segments, attributes) -> listed.add(new ListedFile(
                    MemoryPath.of(segments), PlainSize.of(attributes, seal),
                    attributes.lastModifiedTime().toInstant(), attributes.lastAccessTime().toInstant())));
            return listed;
        });
    }

    @Override
    public void write(MemoryPath path, byte[] content, FileVersion.Operation operation)
            throws IOException, CommandException {
        requireChanging();
        limits.checkFileSize(path, content.length);
        try (Located located = locate(path)) {
            BasicFileAttributes existing = located.attributes();
            if (existing != null && !existing.isRegularFile()) {
                throw new CommandException(Messages.notAFile(path.display()));
            }
            Usage after = limits.admit(path,
                    existing == null ? Entry.ABSENT : new Entry(Entry.Kind.FILE, PlainSize.of(existing, seal)),
                    content.length, usage());
            try (MadeParents parents = madeParents(located)) {
                parents.run(parent -> {
                    if (existing != null) {
                        history.keep(openedRoot(), seal, path, seal.open(path, located.bytes()), operation);
                    }
                    AtomicFiles.write(parent, located.name(), seal.seal(path, content));
                });
            }
            usage = after;
        }
    }

    @Override
    public void delete(MemoryPath path) throws IOException, CommandException {
        requireChanging();
        try (Located located = locate(path)) {
            Usage now = usage();
            Usage removed = history.keepTree(openedRoot(), seal, path, located.parent(), located.name(),
                    FileVersion.Operation.DELETE, Optional.empty());
            touched = true;
            located.parent().deleteTree(located.name());
            located.parent().sync();
            usage = now.plus(-removed.files(), -removed.bytes());
        }
    }

    @Override
    public void move(MemoryPath from, MemoryPath to) throws IOException, CommandException {
        requireChanging();
        try (Located source = locate(from); Located destination = locate(to)) {
            history.keepTree(openedRoot(), seal, from, source.parent(), source.name(), FileVersion.Operation.RENAME,
                    Optional.of(to));
            try (MadeParents parents = madeParents(destination)) {
                if (seal.seals()) {
                    parents.run(parent -> SealedMove.move(seal, from, source.parent(), source.name(), to, parent,
                            destination.name()));
                } else {
                    parents.run(parent -> source.parent().move(source.name(), parent, destination.name()));
                }
                source.parent().sync();
                parents.directory().sync();
            }
        }
    }

    @Override
    public List<FileVersion> versions(MemoryPath path) throws IOException {
        return readRoot(List.of(), root -> history.versions(root, seal, path));
    }

    @Override
    public Optional<byte[]> version(MemoryPath path, int number) throws IOException {
        return readRoot(Optional.empty(), root -> history.content(root, seal, path, number));
    }

    @Override
    public void redact(MemoryPath path, int number) throws IOException {
        requireChanging();
        history.redact(openedRoot(), seal, path, number);
    }

    @Override
    public List<MemoryPath> allFiles() throws IOException {
        List<MemoryPath> files = new ArrayList<>();
        return readRoot(files, root -> {
            MemoryFileWalk.all(root, (parent, segments, attributes) -> files.add(MemoryPath.of(segments)));
            return files;
        });
    }

    @Override
    public List<MemoryPath> historyPaths() throws IOException {
        return readRoot(List.of(), history::paths);
    }

    @Override
    public List<MemoryPath> renamedInto(MemoryPath path) throws IOException {
        return readRoot(List.of(), root -> history.renamedInto(root, seal, path));
    }

    @Override
    public void addVersion(MemoryPath path, FileVersion version, Optional<byte[]> content) throws IOException {
        requireChanging();
        history.add(openedRoot(), seal, path, version, content);
    }

    /** Returns where {@code path} lands; a root that is gone is a clear error. */
    private Located locate(MemoryPath path) throws IOException, CommandException {
        try {
            return Located.find(openedRoot(), path);
        } catch (NoSuchFileException | NotDirectoryException gone) {
            if (!Files.isDirectory(root)) {
                throw new CommandException(Messages.rootGone());
            }
            throw gone;
        }
    }

    /** Reads the whole root; a root deleted while memdir runs reads as an empty memory would, {@code none}. */
    private <T> T readRoot(T none, RootRead<T> read) throws IOException {
        OpenedDirectory opened;
        try {
            opened = openedRoot();
        } catch (NoSuchFileException | NotDirectoryException gone) {
            return none;
        }
        return read.read(opened);
    }

    /** Returns the root, opened at the unit's first use of it. */
    private OpenedDirectory openedRoot() throws IOException {
        if (openedRoot == null) {
            openedRoot = OpenedDirectory.open(root);
        }
        return openedRoot;
    }

    private void requireChanging() {
        if (!changing) {
            throw new IllegalStateException("a read cannot change the memory");
        }
    }

    private Usage usage() throws IOException {
        if (usage == null) {
            usage = ledger.read(openedRoot(), seal);
        }
        return usage;
    }

    /** Makes the missing directories above {@code target}; from here on the change has touched the disk. */
    private MadeParents madeParents(Located target) throws IOException, CommandException {
        MadeParents parents = MadeParents.above(target);
        touched = true;
        return parents;
    }

    void commit() throws IOException {
        if (touched && usage != null) {
            ledger.save(openedRoot(), usage);
        }
    }

    /** After a failure part-way through a change the totals are unknown: the next change counts again. */
    void abandon(Exception failure) {
        if (touched) {
            try {
                ledger.forget(openedRoot());
            } catch (IOException alsoFailed) {
                failure.addSuppressed(alsoFailed);
            }
        }
    }

    @Override
    public void close() throws IOException {
        if (openedRoot != null) {
            openedRoot.close();
        }
    }
}

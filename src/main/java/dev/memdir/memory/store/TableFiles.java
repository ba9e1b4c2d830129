package dev.memdir.memory.store;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import java.io.IOException;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A memory's files over a table of entries and one of kept versions, as one unit of work sees them: the rules of
 * a file system (parents made, a file kept in the history before it is replaced, a tree kept before it is deleted
 * or moved, the limits admitted) that a store without a file system of its own needs. A changing unit is made only
 * once its store holds the memory for the unit, so {@code totals} are the memory's own and no other writer moves
 * them before the unit ends.
 */
public final class TableFiles implements MemoryFiles {

    /** The memory's figures this unit starts from and leaves. */
    public record Totals(Usage usage, long historyBytes) {}

    private final EntryTable entries;
    private final HistoryTable history;
    private final StoreLimits limits;
    private final boolean changing;
    private final Set<String> changed = new HashSet<>();
    private Totals totals;

    public TableFiles(EntryTable entries, HistoryTable history, StoreLimits limits, Totals totals, boolean changing) {
        this.entries = entries;
        this.history = history;
        this.limits = limits;
        this.totals = totals;
        this.changing = changing;
    }

    /** Returns the figures after this unit's changes. */
    public Totals totals() {
        return totals;
    }

    /** Returns the keys this unit wrote, deleted (a directory's for its whole tree) or renamed, from and to. */
    public Set<String> changed() {
        return changed;
    }

    @Override
    public Entry entry(MemoryPath path) throws IOException {
        return entries.entry(TableKeys.key(path));
    }

    @Override
    public byte[] read(MemoryPath path) throws IOException, CommandException {
        String key = TableKeys.key(path);
        Optional<StoredFile> file = entries.file(key);
        if (file.isPresent()) {
            return file.get().content();
        }
        throw new CommandException(entries.entry(key).exists()
                ? Messages.notAFile(path.display()) : Messages.notFound(path.display()));
    }

    @Override
    public void prefetch(Collection<MemoryPath> paths) throws IOException {
        entries.prefetch(paths.stream().map(TableKeys::key).toList());
    }

    @Override
    public List<ListedEntry> list(MemoryPath directory, int depth) throws IOException {
        String key = TableKeys.key(directory);
        return RowListing.entries(directory.display(), key, entries.below(key, depth));
    }

    @Override
    public List<ListedFile> listedFiles() throws IOException {
        return entries.listedFiles();
    }

    @Override
    public void write(MemoryPath path, byte[] content, FileVersion.Operation operation)
            throws IOException, CommandException {
        requireChanging();
        limits.checkFileSize(path, content.length);
        String key = TableKeys.key(path);
        Entry existing = entries.entry(key);
        if (existing.exists() && !existing.isFile()) {
            throw new CommandException(Messages.notAFile(path.display()));
        }
        Usage after = limits.admit(path, existing, content.length, totals.usage());
        makeParents(path);
        if (existing.exists()) {
            keep(entries.file(key).orElseThrow(), operation, Optional.empty());
        }
        entries.putFile(key, content);
        changed.add(key);
        totals = new Totals(after, totals.historyBytes());
    }

    @Override
    public void delete(MemoryPath path) throws IOException {
        requireChanging();
        String key = TableKeys.key(path);
        Usage removed = keepTree(key, FileVersion.Operation.DELETE, Optional.empty());
        entries.deleteTree(key);
        changed.add(key);
        totals = new Totals(totals.usage().plus(-removed.files(), -removed.bytes()), totals.historyBytes());
    }

    @Override
    public void move(MemoryPath from, MemoryPath to) throws IOException, CommandException {
        requireChanging();
        String key = TableKeys.key(from);
        keepTree(key, FileVersion.Operation.RENAME, Optional.of(to));
        makeParents(to);
        entries.moveTree(key, TableKeys.key(to));
        changed.add(key);
        changed.add(TableKeys.key(to));
    }

    @Override
    public List<FileVersion> versions(MemoryPath path) throws IOException {
        return history.versions(TableKeys.key(path));
    }

    @Override
    public Optional<byte[]> version(MemoryPath path, int number) throws IOException {
        return history.content(TableKeys.key(path), number);
    }

    @Override
    public void redact(MemoryPath path, int number) throws IOException {
        requireChanging();
        history.redact(TableKeys.key(path), number);
    }

    @Override
    public List<MemoryPath> allFiles() throws IOException {
        return entries.fileKeys().stream().map(TableKeys::path).toList();
    }

    @Override
    public List<MemoryPath> historyPaths() throws IOException {
        return history.keys().stream().map(TableKeys::path).toList();
    }

    @Override
    public List<MemoryPath> renamedInto(MemoryPath path) throws IOException {
        return history.renamedInto(TableKeys.key(path)).stream().map(TableKeys::path).toList();
    }

    @Override
    public void addVersion(MemoryPath path, FileVersion version, Optional<byte[]> content) throws IOException {
        requireChanging();
        totals = new Totals(totals.usage(),
                history.add(TableKeys.key(path), version, content, totals.historyBytes()));
    }

    /** Makes the missing directories above {@code path}; an ancestor that is a file is a command error. */
    public void makeParents(MemoryPath path) throws IOException, CommandException {
        List<String> segments = path.segments();
        for (int i = 1; i < segments.size(); i++) {
            String ancestor = String.join("/", segments.subList(0, i));
            Entry entry = entries.entry(ancestor);
            if (!entry.exists()) {
                entries.insertDirectory(ancestor);
            } else if (!entry.isDirectory()) {
                throw new CommandException(Messages.notADirectory(MemoryPath.ROOT + "/" + ancestor));
            }
        }
    }

    /**
     * Keeps every file at or below {@code key} in the history, with where each goes when {@code key} is renamed to
     * {@code renamedTo}; returns how many there were and their bytes.
     */
    private Usage keepTree(String key, FileVersion.Operation operation, Optional<MemoryPath> renamedTo)
            throws IOException {
        MemoryPath top = TableKeys.path(key);
        Usage kept = new Usage(0, 0);
        for (StoredFile file : entries.filesIn(key)) {
            MemoryPath path = TableKeys.path(file.key());
            keep(file, operation, renamedTo.map(to -> path.movedWith(top, to)));
            kept = kept.plus(1, file.size());
        }
        return kept;
    }

    private void keep(StoredFile file, FileVersion.Operation operation, Optional<MemoryPath> renamedTo)
            throws IOException {
        totals = new Totals(totals.usage(), history.keep(file, operation, renamedTo, totals.historyBytes()));
    }

    private void requireChanging() {
        if (!changing) {
            throw new IllegalStateException("a read cannot change the memory");
        }
    }
}

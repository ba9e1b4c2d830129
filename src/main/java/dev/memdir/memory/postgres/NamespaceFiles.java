package dev.memdir.memory.postgres;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.Entry;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.ListedEntry;
import dev.memdir.memory.store.ListedFile;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.memory.store.Usage;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One namespace's files as one transaction sees them. A changing unit is made only after its transaction locked
 * the namespace row, so {@code totals} are the namespace's own and no other writer moves them before the commit.
 */
final class NamespaceFiles implements MemoryFiles {

    /** The namespace row's figures this unit starts from and leaves. */
    record Totals(Usage usage, long historyBytes) {}

    private final EntryRows entries;
    private final HistoryRows history;
    private final StoreLimits limits;
    private final boolean changing;
    private final Set<String> changed = new HashSet<>();
    private Totals totals;

    NamespaceFiles(EntryRows entries, HistoryRows history, StoreLimits limits, Totals totals, boolean changing) {
        this.entries = entries;
        this.history = history;
        this.limits = limits;
        this.totals = totals;
        this.changing = changing;
    }

    /** Returns the figures after this unit's changes. */
    Totals totals() {
        return totals;
    }

    /** Returns the keys this unit wrote, deleted (a directory's for its whole tree) or renamed, from and to. */
    Set<String> changed() {
        return changed;
    }

    @Override
    public Entry entry(MemoryPath path) throws IOException {
        return entries.entry(EntryRows.key(path));
    }

    @Override
    public byte[] read(MemoryPath path) throws IOException, CommandException {
        String key = EntryRows.key(path);
        Optional<byte[]> content = entries.content(key);
        if (content.isPresent()) {
            return content.get();
        }
        throw new CommandException(entries.entry(key).exists()
                ? Messages.notAFile(path.display()) : Messages.notFound(path.display()));
    }

    @Override
    public List<ListedEntry> list(MemoryPath directory, int depth) throws IOException {
        String key = EntryRows.key(directory);
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
        String key = EntryRows.key(path);
        Entry existing = entries.entry(key);
        if (existing.exists() && !existing.isFile()) {
            throw new CommandException(Messages.notAFile(path.display()));
        }
        Usage after = limits.admit(path, existing, content.length, totals.usage());
        makeParents(path);
        if (existing.exists()) {
            keep(key, operation, Optional.empty(), entries.content(key).orElseThrow());
        }
        entries.putFile(key, content);
        changed.add(key);
        totals = new Totals(after, totals.historyBytes());
    }

    @Override
    public void delete(MemoryPath path) throws IOException {
        requireChanging();
        String key = EntryRows.key(path);
        Usage removed = keepTree(key, FileVersion.Operation.DELETE, Optional.empty());
        entries.deleteTree(key);
        changed.add(key);
        totals = new Totals(totals.usage().plus(-removed.files(), -removed.bytes()), totals.historyBytes());
    }

    @Override
    public void move(MemoryPath from, MemoryPath to) throws IOException, CommandException {
        requireChanging();
        String key = EntryRows.key(from);
        keepTree(key, FileVersion.Operation.RENAME, Optional.of(to));
        makeParents(to);
        entries.moveTree(key, EntryRows.key(to));
        changed.add(key);
        changed.add(EntryRows.key(to));
    }

    @Override
    public List<FileVersion> versions(MemoryPath path) throws IOException {
        return history.versions(EntryRows.key(path));
    }

    @Override
    public Optional<byte[]> version(MemoryPath path, int number) throws IOException {
        return history.content(EntryRows.key(path), number);
    }

    @Override
    public void redact(MemoryPath path, int number) throws IOException {
        requireChanging();
        history.redact(EntryRows.key(path), number);
    }

    @Override
    public List<MemoryPath> allFiles() throws IOException {
        return entries.fileKeys().stream().map(EntryRows::path).toList();
    }

    @Override
    public List<MemoryPath> historyPaths() throws IOException {
        return history.keys().stream().map(EntryRows::path).toList();
    }

    @Override
    public List<MemoryPath> renamedInto(MemoryPath path) throws IOException {
        return history.renamedInto(EntryRows.key(path)).stream().map(EntryRows::path).toList();
    }

    @Override
    public void addVersion(MemoryPath path, FileVersion version, Optional<byte[]> content) throws IOException {
        requireChanging();
        totals = new Totals(totals.usage(),
                history.add(EntryRows.key(path), version, content, totals.historyBytes()));
    }

    /** Makes the missing directories above {@code path}; an ancestor that is a file is a command error. */
    void makeParents(MemoryPath path) throws IOException, CommandException {
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
        MemoryPath top = EntryRows.path(key);
        Usage kept = new Usage(0, 0);
        for (EntryRows.StoredFile file : entries.filesIn(key)) {
            MemoryPath path = EntryRows.path(file.key());
            keep(file.key(), operation, renamedTo.map(to -> path.movedWith(top, to)), file.content());
            kept = kept.plus(1, file.content().length);
        }
        return kept;
    }

    private void keep(String key, FileVersion.Operation operation, Optional<MemoryPath> renamedTo, byte[] content)
            throws IOException {
        totals = new Totals(totals.usage(),
                history.keep(key, operation, renamedTo, content, totals.historyBytes()));
    }

    private void requireChanging() {
        if (!changing) {
            throw new IllegalStateException("a read cannot change the memory");
        }
    }
}

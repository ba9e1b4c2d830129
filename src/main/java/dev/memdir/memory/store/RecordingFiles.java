package dev.memdir.memory.store;

import dev.memdir.memory.path.MemoryPath;
import java.io.IOException;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A changing unit's files, handed on, that records which paths the unit wrote, deleted or moved (from and to), as
 * every store's watcher spells them: below {@code /memories/} with {@code /} separators, a directory standing for
 * everything below it. What a store on a shared server tells other processes of its change (a PostgreSQL notice,
 * an S3 commit's head) is this record; a version redacted or copied in changes no path.
 */
public final class RecordingFiles implements MemoryFiles {

    private final MemoryFiles files;
    private final Set<String> changed = new HashSet<>();

    public RecordingFiles(MemoryFiles files) {
        this.files = files;
    }

    /** Returns the unit this records, as its store made it: for a test that does what no command does. */
    public MemoryFiles unit() {
        return files;
    }

    /** Returns the paths written, deleted or moved so far. */
    public Set<String> changed() {
        return Set.copyOf(changed);
    }

    @Override
    public Entry entry(MemoryPath path) throws IOException, CommandException {
        return files.entry(path);
    }

    @Override
    public byte[] read(MemoryPath path) throws IOException, CommandException {
        return files.read(path);
    }

    @Override
    public void prefetch(Collection<MemoryPath> paths) throws IOException {
        files.prefetch(paths);
    }

    @Override
    public List<ListedEntry> list(MemoryPath directory, int depth) throws IOException, CommandException {
        return files.list(directory, depth);
    }

    @Override
    public List<ListedFile> listedFiles() throws IOException {
        return files.listedFiles();
    }

    @Override
    public void write(MemoryPath path, byte[] content, FileVersion.Operation operation)
            throws IOException, CommandException {
        files.write(path, content, operation);
        changed.add(TableKeys.key(path));
    }

    @Override
    public void delete(MemoryPath path) throws IOException, CommandException {
        files.delete(path);
        changed.add(TableKeys.key(path));
    }

    @Override
    public void move(MemoryPath from, MemoryPath to) throws IOException, CommandException {
        files.move(from, to);
        changed.add(TableKeys.key(from));
        changed.add(TableKeys.key(to));
    }

    @Override
    public List<FileVersion> versions(MemoryPath path) throws IOException {
        return files.versions(path);
    }

    @Override
    public Optional<byte[]> version(MemoryPath path, int number) throws IOException {
        return files.version(path, number);
    }

    @Override
    public void redact(MemoryPath path, int number) throws IOException {
        files.redact(path, number);
    }

    @Override
    public List<MemoryPath> allFiles() throws IOException {
        return files.allFiles();
    }

    @Override
    public List<MemoryPath> historyPaths() throws IOException {
        return files.historyPaths();
    }

    @Override
    public List<MemoryPath> renamedInto(MemoryPath path) throws IOException {
        return files.renamedInto(path);
    }

    @Override
    public void addVersion(MemoryPath path, FileVersion version, Optional<byte[]> content) throws IOException {
        files.addVersion(path, version, content);
    }
}

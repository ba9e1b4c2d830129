package dev.memdir.instructions;

import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.Entry;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.MemoryStore;
import java.io.IOException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A memory's own files as a resolution reads them, at virtual paths under {@code /memories}, through its store (so
 * on PostgreSQL too). Nothing outside {@code /memories} is there, and nothing here ever reads the host: a principal's
 * instructions are its memory's. Links are never followed; a link is neither a file nor a directory.
 */
public final class MemoryInstructionFiles implements InstructionSource {

    /** The memory root, where a principal's project is. */
    public static final Path ROOT = Path.of(MemoryPath.ROOT);

    private final MemoryStore store;

    public MemoryInstructionFiles(MemoryStore store) {
        this.store = store;
    }

    @Override
    public Optional<Path> confinement() {
        return Optional.of(ROOT);
    }

    @Override
    public Optional<Attributes> attributes(Path path, LinkOption... options) {
        Optional<MemoryPath> memoryPath = memoryPath(path);
        if (memoryPath.isEmpty()) {
            return Optional.empty();
        }
        try {
            Entry entry = store.read(files -> files.entry(memoryPath.get()));
            return entry.exists() ? Optional.of(new Attributes(kind(entry), entry.size())) : Optional.empty();
        } catch (IOException | CommandException unreadable) {
            return Optional.empty();
        }
    }

    @Override
    public List<Child> children(Path directory) throws IOException {
        MemoryPath parent = memoryPath(directory).orElseThrow(() -> new NoSuchFileException(directory.toString()));
        int depth = parent.segments().size();
        Map<String, Kind> names = new LinkedHashMap<>();
        for (MemoryPath file : allFiles()) {
            List<String> segments = file.segments();
            if (segments.size() > depth && parent.contains(file)) {
                names.put(segments.get(depth), segments.size() > depth + 1 ? Kind.DIRECTORY : Kind.FILE);
            }
        }
        List<Child> children = new ArrayList<>();
        names.forEach((name, kind) -> children.add(new Child(directory.resolve(name), kind)));
        return children;
    }

    @Override
    public byte[] bytes(Path path) throws IOException {
        MemoryPath memoryPath = memoryPath(path).orElseThrow(() -> new NoSuchFileException(path.toString()));
        try {
            return store.read(files -> files.read(memoryPath));
        } catch (CommandException notAFile) {
            throw new NoSuchFileException(path.toString());
        }
    }

    /** Returns the path normalized, links left as they are: a resolution never follows one here. */
    @Override
    public Path realPath(Path path) throws IOException {
        if (attributes(path).isEmpty()) {
            throw new NoSuchFileException(path.toString());
        }
        return path.normalize();
    }

    /**
     * Returns the same state for every path until the store's change feed counts a change: one made by this process
     * at once, one made elsewhere as heard.
     */
    @Override
    public String state(Path path) {
        return Long.toString(store.changes().count());
    }

    private List<MemoryPath> allFiles() throws IOException {
        try {
            return store.read(MemoryFiles::allFiles);
        } catch (CommandException impossible) {
            throw new AssertionError(impossible);
        }
    }

    /** Returns the memory path of a virtual path under {@code /memories}, or empty for any other. */
    private static Optional<MemoryPath> memoryPath(Path path) {
        Path normalized = path.normalize();
        if (!normalized.startsWith(ROOT)) {
            return Optional.empty();
        }
        StringBuilder display = new StringBuilder(MemoryPath.ROOT);
        for (int i = ROOT.getNameCount(); i < normalized.getNameCount(); i++) {
            display.append('/').append(normalized.getName(i));
        }
        try {
            return Optional.of(MemoryPathParser.parse(display.toString()));
        } catch (InvalidMemoryPathException notAMemoryPath) {
            return Optional.empty();
        }
    }

    private static Kind kind(Entry entry) {
        return entry.isFile() ? Kind.FILE : entry.isDirectory() ? Kind.DIRECTORY : Kind.OTHER;
    }
}

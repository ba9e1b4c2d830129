package dev.memdir.memory;

import dev.memdir.bench.JmhBenchmark;
import dev.memdir.bench.TempMemoryRoot;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.Entry;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The path checks of every command: parsing a short, a deep and two hostile virtual paths, and finding a real file
 * five directories deep below a temp root (the root opened, each directory opened relative to the one above, the
 * file's attributes read), directly and through a symbolic link inside the root. And what a round of commands on
 * that file costs, checks included, through the memory tool: a {@code view}, a {@code str_replace} and the one that
 * undoes it, a {@code create} beside it and the {@code delete} that makes room for the next, and a {@code create} in
 * a new directory and the {@code delete} of that directory.
 */
public class PathCheckBenchmark extends JmhBenchmark {

    private static final String NOTES = "/memories/projects/memdir/design/storage/notes.md";
    private static final String BESIDE = "/memories/projects/memdir/design/storage/new.md";
    private static final String NEW_DIRECTORY = "/memories/projects/memdir/design/storage/fresh";

    private String shortPath = "/memories/MEMORY.md";
    private String deepPath = "/memories/projects/memdir/design/storage/decisions/2026/11/atomic-writes.md";
    private String dotDotPath = "/memories/notes/../../etc/passwd";
    private String encodedDotDotPath = "/memories/notes/%2e%2e/%2E%2E/etc/passwd";

    private TempMemoryRoot root;
    private DirectoryStore store;
    private MemoryPath file;
    private MemoryPath fileThroughLink;
    private MemoryTool tool;

    @Setup(Level.Trial)
    public void createRoot() throws IOException, InvalidMemoryPathException {
        root = TempMemoryRoot.open(StoreLimits.perFile(100 * 1024));
        store = root.store();
        Path directory = Files.createDirectories(store.root().resolve("projects/memdir/design/storage"));
        Files.writeString(directory.resolve("notes.md"), "Atomic writes: temp file, fsync, rename.\nstate: A\n");
        Files.createSymbolicLink(store.root().resolve("current"), store.root().resolve("projects/memdir"));
        file = MemoryPathParser.parse(NOTES);
        fileThroughLink = MemoryPathParser.parse("/memories/current/design/storage/notes.md");
        tool = root.tool(false);
    }

    @TearDown(Level.Trial)
    public void deleteRoot() throws IOException {
        root.delete();
    }

    @Benchmark
    public MemoryPath parseShort() throws InvalidMemoryPathException {
        return MemoryPathParser.parse(shortPath);
    }

    @Benchmark
    public MemoryPath parseDeep() throws InvalidMemoryPathException {
        return MemoryPathParser.parse(deepPath);
    }

    @Benchmark
    public InvalidMemoryPathException rejectDotDot() {
        return rejection(dotDotPath);
    }

    @Benchmark
    public InvalidMemoryPathException rejectEncodedDotDot() {
        return rejection(encodedDotDotPath);
    }

    /** What every command pays to find its file: a unit of work that opens the root, locates, reads what is there. */
    @Benchmark
    public Entry entryOfFile() throws IOException, CommandException {
        return store.read(files -> files.entry(file));
    }

    @Benchmark
    public Entry entryThroughLink() throws IOException, CommandException {
        return store.read(files -> files.entry(fileThroughLink));
    }

    @Benchmark
    public CommandOutput view() throws CommandException {
        return tool.call("view", Map.of("path", NOTES));
    }

    @Benchmark
    public CommandOutput strReplaceAndBack() throws CommandException {
        tool.call("str_replace", Map.of("path", NOTES, "old_str", "state: A", "new_str", "state: B"));
        return tool.call("str_replace", Map.of("path", NOTES, "old_str", "state: B", "new_str", "state: A"));
    }

    @Benchmark
    public CommandOutput createAndDelete() throws CommandException {
        tool.call("create", Map.of("path", BESIDE, "file_text", "new\n"));
        return tool.call("delete", Map.of("path", BESIDE));
    }

    @Benchmark
    public CommandOutput createInANewDirectoryAndDelete() throws CommandException {
        tool.call("create", Map.of("path", NEW_DIRECTORY + "/new.md", "file_text", "new\n"));
        return tool.call("delete", Map.of("path", NEW_DIRECTORY));
    }

    private static InvalidMemoryPathException rejection(String path) {
        try {
            MemoryPathParser.parse(path);
        } catch (InvalidMemoryPathException rejected) {
            return rejected;
        }
        throw new IllegalStateException("Accepted a hostile path: " + path);
    }
}

package dev.memdir.memory;

import dev.memdir.bench.TempTrees;
import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The path checks of every command: parsing a short, a deep and two hostile virtual paths, and locating a real
 * file five directories deep below a temp root, directly and through a symbolic link inside the root.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class PathCheckBenchmark {

    private String shortPath = "/memories/MEMORY.md";
    private String deepPath = "/memories/projects/memdir/design/storage/decisions/2026/11/atomic-writes.md";
    private String dotDotPath = "/memories/notes/../../etc/passwd";
    private String encodedDotDotPath = "/memories/notes/%2e%2e/%2E%2E/etc/passwd";

    private Path base;
    private DirectoryStore store;
    private MemoryPath file;
    private MemoryPath fileThroughLink;

    @Setup(Level.Trial)
    public void createRoot() throws IOException, InvalidMemoryPathException {
        base = Files.createTempDirectory("memdir-bench");
        store = DirectoryStore.open(base.resolve("memories"), StoreLimits.perFile(100 * 1024), "bench");
        Path directory = Files.createDirectories(store.root().resolve("projects/memdir/design/storage"));
        Files.writeString(directory.resolve("notes.md"), "Atomic writes: temp file, fsync, rename.\n");
        Files.createSymbolicLink(store.root().resolve("current"), store.root().resolve("projects/memdir"));
        file = MemoryPathParser.parse("/memories/projects/memdir/design/storage/notes.md");
        fileThroughLink = MemoryPathParser.parse("/memories/current/design/storage/notes.md");
    }

    @TearDown(Level.Trial)
    public void deleteRoot() throws IOException {
        store.close();
        TempTrees.delete(base);
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

    @Benchmark
    public Located locateFile() throws IOException, CommandException {
        return store.locate(file);
    }

    @Benchmark
    public Located locateThroughLink() throws IOException, CommandException {
        return store.locate(fileThroughLink);
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

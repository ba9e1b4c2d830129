package dev.memdir.bench;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.index.IndexBudget;
import dev.memdir.memory.CommandOutput;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * An {@code insert} into a small file of a root holding 10,000 files, with and without root-wide limits: what the
 * limits cost a write (they read and move the usage ledger; they used to walk the root).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class LimitedWriteBenchmark {

    @Param({"false", "true"})
    boolean limited;

    private Path base;
    private DirectoryStore store;
    private MemoryTool tool;
    private final Map<String, Object> insert =
            Map.of("path", "/memories/log.md", "insert_line", 0, "insert_text", "x");
    private final Map<String, Object> reset =
            Map.of("path", "/memories/log.md", "old_str", "x\nstart", "new_str", "start");

    @Setup(Level.Trial)
    public void createRoot() throws IOException, CommandException {
        base = Files.createTempDirectory("memdir-bench");
        StoreLimits limits = limited ? new StoreLimits(100 * 1024, 1L << 40, 1_000_000) : StoreLimits.perFile(100 * 1024);
        store = DirectoryStore.open(base.resolve("memories"), limits, "bench");
        for (int file = 0; file < 10_000; file++) {
            Files.writeString(store.root().resolve(String.format("note-%05d.md", file)), "note " + file + "\n");
        }
        tool = new MemoryTool(store, new FrontmatterStamper(Clock.systemUTC(), "bench"), false, IndexBudget.DEFAULT);
        tool.call("create", Map.of("path", "/memories/log.md", "file_text", "start\n"));
    }

    @TearDown(Level.Trial)
    public void deleteRoot() throws IOException {
        store.close();
        TempTrees.delete(base);
    }

    /** One insert and the str_replace that takes it out again, so the file stays small. */
    @Benchmark
    public CommandOutput insertThenUndo() throws CommandException {
        tool.call("insert", insert);
        return tool.call("str_replace", reset);
    }
}

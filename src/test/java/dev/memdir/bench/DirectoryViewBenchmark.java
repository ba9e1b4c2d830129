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

/** The {@code view} of a memory root holding 100 or 10,000 files (0 B to 1.5 KB), through the memory tool. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class DirectoryViewBenchmark {

    @Param({"100", "10000"})
    int files;

    private Path base;
    private DirectoryStore store;
    private MemoryTool tool;

    @Setup(Level.Trial)
    public void createRoot() throws IOException {
        base = Files.createTempDirectory("memdir-bench");
        store = DirectoryStore.open(base.resolve("memories"), StoreLimits.perFile(100 * 1024), "bench");
        for (int file = 0; file < files; file++) {
            Files.writeString(store.root().resolve(String.format("note-%05d.md", file)), "x".repeat(file % 40 * 40));
        }
        tool = new MemoryTool(store, new FrontmatterStamper(Clock.systemUTC(), "bench"), true,
                IndexBudget.DEFAULT);
    }

    @TearDown(Level.Trial)
    public void deleteRoot() throws IOException {
        store.close();
        TempTrees.delete(base);
    }

    @Benchmark
    public CommandOutput viewRoot() throws CommandException {
        return tool.call("view", Map.of("path", "/memories"));
    }
}

package dev.memdir.bench;

import dev.memdir.memory.CommandOutput;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/** The {@code view} of a memory root holding 100 or 10,000 files (0 B to 1.5 KB), through the memory tool. */
public class DirectoryViewBenchmark extends JmhBenchmark {

    @Param({"100", "10000"})
    int files;

    private TempMemoryRoot root;
    private MemoryTool tool;

    @Setup(Level.Trial)
    public void createRoot() throws IOException {
        root = TempMemoryRoot.open(StoreLimits.perFile(100 * 1024));
        for (int file = 0; file < files; file++) {
            Files.writeString(root.store().root().resolve(String.format("note-%05d.md", file)),
                    "x".repeat(file % 40 * 40));
        }
        tool = root.tool(true);
    }

    @TearDown(Level.Trial)
    public void deleteRoot() throws IOException {
        root.delete();
    }

    @Benchmark
    public CommandOutput viewRoot() throws CommandException {
        return tool.call("view", Map.of("path", "/memories"));
    }
}

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

/**
 * An {@code insert} into a small file of a root holding 10,000 files, with and without root-wide limits: what the
 * limits cost a write (they read and move the usage ledger; they used to walk the root).
 */
public class LimitedWriteBenchmark extends JmhBenchmark {

    @Param({"false", "true"})
    boolean limited;

    private TempMemoryRoot root;
    private MemoryTool tool;
    private final Map<String, Object> insert =
            Map.of("path", "/memories/log.md", "insert_line", 0, "insert_text", "x");
    private final Map<String, Object> reset =
            Map.of("path", "/memories/log.md", "old_str", "x\nstart", "new_str", "start");

    @Setup(Level.Trial)
    public void createRoot() throws IOException, CommandException {
        root = TempMemoryRoot.open(
                limited ? new StoreLimits(100 * 1024, 1L << 40, 1_000_000) : StoreLimits.perFile(100 * 1024));
        for (int file = 0; file < 10_000; file++) {
            Files.writeString(root.store().root().resolve(String.format("note-%05d.md", file)), "note " + file + "\n");
        }
        tool = root.tool(false);
        tool.call("create", Map.of("path", "/memories/log.md", "file_text", "start\n"));
    }

    @TearDown(Level.Trial)
    public void deleteRoot() throws IOException {
        root.delete();
    }

    /** One insert and the str_replace that takes it out again, so the file stays small. */
    @Benchmark
    public CommandOutput insertThenUndo() throws CommandException {
        tool.call("insert", insert);
        return tool.call("str_replace", reset);
    }
}

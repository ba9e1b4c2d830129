package dev.memdir.memory.torture;

import static dev.memdir.memory.ToolCalls.text;
import static dev.memdir.memory.torture.TortureFiles.path;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.ToolCalls;
import dev.memdir.memory.store.MemoryStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * Writer processes ({@link TortureWriter}), each with a store of its own, inserting into one file and into
 * {@code MEMORY.md} of one {@link SharedMemory} at once: every line lands exactly once, and the counters equal a
 * recount. Sizes come from {@code memdir.torture.processes} and {@code memdir.torture.inserts}, which
 * scripts/torture sets, else from the test's defaults.
 */
public final class WriterRace {

    private final int processes;
    private final int inserts;
    private final Duration deadline;

    /** A race of {@code processes} writers of {@code inserts} lines each, unless the properties say otherwise. */
    public WriterRace(int processes, int inserts, Duration deadline) {
        this.processes = Integer.getInteger("memdir.torture.processes", processes);
        this.inserts = Integer.getInteger("memdir.torture.inserts", inserts);
        this.deadline = deadline;
    }

    /**
     * Runs the race on {@code memory} as the test {@code test}, the writers' errors going to {@code log}, and prints
     * its figures in the line {@code scripts/torture} reads.
     */
    public void run(String test, SharedMemory memory, Path log) throws Exception {
        long started = System.nanoTime();
        try (MemoryStore store = memory.open("test")) {
            MemoryTool tool = ToolCalls.tool(store);
            text(tool, "create", "path", "/memories/log.md", "file_text", "");
            text(tool, "create", "path", "/memories/MEMORY.md", "file_text", "");
            List<Process> writers = new ArrayList<>();
            try {
                for (int p = 0; p < processes; p++) {
                    writers.add(TortureWriter.launch(log, memory, "insert", "p" + p, String.valueOf(inserts)));
                }
                for (Process writer : writers) {
                    assertThat(writer.waitFor(deadline.toSeconds(), TimeUnit.SECONDS)).as("a writer finished within"
                            + " %s", deadline).isTrue();
                    assertThat(writer.exitValue()).as("a writer's exit (errors in %s: %s)", log,
                            Files.exists(log) ? Files.readString(log) : "").isZero();
                }
            } finally {
                writers.forEach(Process::destroyForcibly);
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            List<String> expected = IntStream.range(0, processes).boxed()
                    .flatMap(p -> IntStream.range(0, inserts).mapToObj(i -> "p" + p + "-" + i)).toList();
            for (String file : List.of("log.md", "MEMORY.md")) {
                // Read whole: a view of more than 16,000 characters is cut.
                assertThat(store.readText(path(file)).orElseThrow().lines().filter(line -> !line.isEmpty()))
                        .as(file).containsExactlyInAnyOrderElementsOf(expected);
            }
            assertThat(StoreCounts.kept(store)).isEqualTo(StoreCounts.recounted(store));
            int commits = 2 * processes * inserts;
            System.out.printf("[torture] %s processes=%d inserts=%d lines=%d commits=%d seconds=%.1f"
                    + " commitsPerSecond=%.1f%n", test, processes, inserts, processes * inserts, commits, seconds,
                    commits / seconds);
        }
    }
}

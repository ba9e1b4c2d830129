package dev.memdir.memory.postgres;

import static dev.memdir.memory.postgres.PostgresWriter.LIMITS;
import static dev.memdir.memory.postgres.PostgresWriter.path;
import static dev.memdir.memory.postgres.ToolCalls.text;
import static dev.memdir.memory.postgres.ToolCalls.tool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.store.HistoryLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several processes, each with a store and a pool of its own, inserting into one file and into {@code MEMORY.md}
 * of one namespace at once: every line lands exactly once. Sizes come from the properties scripts/torture sets.
 */
class PostgresWritersIT {

    private static final int PROCESSES = Integer.getInteger("memdir.torture.processes", 4);
    private static final int INSERTS = Integer.getInteger("memdir.torture.inserts", 100);

    @TempDir
    Path temp;

    @Test
    void processesInsertingIntoOneFileAndTheIndex_landEveryLineExactlyOnce() throws Exception {
        String url = LocalPostgres.shared().freshDatabase();
        String namespace = "shared";
        Path log = temp.resolve("writers.log");
        long started = System.nanoTime();
        try (PostgresStore store = PostgresStore.open(url, namespace, LIMITS, HistoryLimits.DEFAULT, "test")) {
            MemoryTool tool = tool(store);
            text(tool, "create", "path", "/memories/log.md", "file_text", "");
            text(tool, "create", "path", "/memories/MEMORY.md", "file_text", "");
            List<Process> writers = new ArrayList<>();
            for (int p = 0; p < PROCESSES; p++) {
                writers.add(PostgresWriter.launch(log, "insert", url, namespace, "p" + p, String.valueOf(INSERTS)));
            }
            for (Process writer : writers) {
                assertThat(writer.waitFor(10, TimeUnit.MINUTES)).as("a writer finished").isTrue();
                assertThat(writer.exitValue()).as("a writer's exit (errors in %s: %s)", log,
                        Files.exists(log) ? Files.readString(log) : "").isZero();
            }
            List<String> expected = IntStream.range(0, PROCESSES).boxed()
                    .flatMap(p -> IntStream.range(0, INSERTS).mapToObj(i -> "p" + p + "-" + i)).toList();

            for (String file : List.of("log.md", "MEMORY.md")) {
                // Read whole: a view of more than 16,000 characters is cut.
                assertThat(store.readText(path(file)).orElseThrow().lines().filter(line -> !line.isEmpty()))
                        .as(file).containsExactlyInAnyOrderElementsOf(expected);
            }
            assertThat(NamespaceCounts.kept(url, namespace)).isEqualTo(NamespaceCounts.recounted(url, namespace));
        }
        System.out.printf("[torture] PostgresWritersIT processes=%d inserts=%d lines=%d seconds=%.1f%n", PROCESSES,
                INSERTS, PROCESSES * INSERTS, (System.nanoTime() - started) / 1e9);
    }
}

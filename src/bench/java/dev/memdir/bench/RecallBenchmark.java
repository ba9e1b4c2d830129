package dev.memdir.bench;

import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.recall.MemoryCorpus;
import dev.memdir.recall.Recall;
import dev.memdir.recall.RecallMatch;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Recall over 10,000 generated notes: the first search of a server (every file read and weighed) and a later
 * one (every file only stat'ed, nothing changed).
 */
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class RecallBenchmark extends JmhBenchmark {

    private Path base;
    private DirectoryStore store;
    private Recall warm;

    @Setup(Level.Trial)
    public void writeNotes() throws IOException {
        base = Files.createTempDirectory("memdir-bench");
        Path root = Files.createDirectories(base.resolve("memory"));
        MemoryCorpus.write(root, 10_000);
        store = DirectoryStore.open(DirectoryOptions.of(root, StoreLimits.perFile(1 << 20), "bench"));
        warm = new Recall(store);
        warm.search(MemoryCorpus.QUERY, 5);
    }

    @TearDown(Level.Trial)
    public void deleteNotes() throws IOException {
        store.close();
        TempTrees.delete(base);
    }

    @Benchmark
    public List<RecallMatch> firstSearch() throws IOException {
        return new Recall(store).search(MemoryCorpus.QUERY, 5);
    }

    @Benchmark
    public List<RecallMatch> laterSearch() throws IOException {
        return warm.search(MemoryCorpus.QUERY, 5);
    }
}

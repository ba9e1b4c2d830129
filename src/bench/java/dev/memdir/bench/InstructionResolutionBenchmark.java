package dev.memdir.bench;

import dev.memdir.instructions.InstructionLocations;
import dev.memdir.instructions.InstructionResolver;
import dev.memdir.instructions.Instructions;
import dev.memdir.instructions.InstructionsCache;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Instruction resolution over a {@link LargeInstructionTree} (5,000 directories, 500 rules files): cold (a new
 * resolver), cached (nothing changed), and what a deep path activates.
 */
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class InstructionResolutionBenchmark extends JmhBenchmark {

    private Path base;
    private InstructionLocations locations;
    private InstructionsCache cache;

    @Setup(Level.Trial)
    public void createTree() throws IOException {
        base = Files.createTempDirectory("memdir-bench");
        LargeInstructionTree tree = LargeInstructionTree.create(base);
        locations = new InstructionLocations(tree.project, tree.home, tree.claudeConfig(), base.resolve("managed"),
                true, false);
        cache = new InstructionsCache(locations);
        cache.current();
    }

    @TearDown(Level.Trial)
    public void deleteTree() throws IOException {
        TempTrees.delete(base);
    }

    @Benchmark
    public Instructions cold() throws IOException {
        return new InstructionResolver(locations).resolve();
    }

    @Benchmark
    public Instructions cached() throws IOException {
        return cache.current();
    }

    @Benchmark
    public Instructions forDeepPath() throws IOException {
        return new InstructionResolver(locations).resolveFor("m4/c98/src/app.tsx");
    }
}

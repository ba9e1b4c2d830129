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
 * Instruction resolution over a project of 5,000 directories and 500 rules files (450 project rules, half
 * with {@code paths:}, 50 user rules), with a CLAUDE.md in every hundredth directory: cold (a new resolver),
 * cached (nothing changed), and what a deep path activates.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class InstructionResolutionBenchmark {

    static final int TOP_DIRECTORIES = 50;
    static final int CHILDREN = 99;

    private Path base;
    private InstructionLocations locations;
    private InstructionsCache cache;

    @Setup(Level.Trial)
    public void createTree() throws IOException {
        base = Files.createTempDirectory("memdir-bench");
        Path home = Files.createDirectories(base.resolve("home"));
        Path project = Files.createDirectories(base.resolve("project"));
        Files.writeString(project.resolve("CLAUDE.md"), "# Project\nSee @docs/style.md\n");
        Files.createDirectories(project.resolve("docs"));
        Files.writeString(project.resolve("docs/style.md"), "Style guide.\n");
        int directories = 0;
        for (int top = 0; top < TOP_DIRECTORIES; top++) {
            Path parent = Files.createDirectories(project.resolve("m" + top));
            directories++;
            for (int child = 0; child < CHILDREN; child++) {
                Path directory = Files.createDirectories(parent.resolve("c" + child));
                if (++directories % 100 == 0) {
                    Files.writeString(directory.resolve("CLAUDE.md"), "Notes for " + directory.getFileName() + "\n");
                }
            }
        }
        for (int rule = 0; rule < 450; rule++) {
            Path file = project.resolve(".claude/rules/group" + (rule % 20) + "/rule" + rule + ".md");
            Files.createDirectories(file.getParent());
            String paths = rule % 2 == 0 ? "---\npaths: \"m" + (rule % TOP_DIRECTORIES) + "/**/*.{ts,tsx}\"\n---\n" : "";
            Files.writeString(file, paths + "Rule " + rule + ": keep functions short.\n");
        }
        for (int rule = 0; rule < 50; rule++) {
            Path file = home.resolve(".claude/rules/user" + rule + ".md");
            Files.createDirectories(file.getParent());
            Files.writeString(file, "User rule " + rule + ".\n");
        }
        locations = new InstructionLocations(project, home, home.resolve(".claude"), base.resolve("managed"), true,
                false);
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

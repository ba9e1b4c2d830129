package dev.memdir.index;

import dev.memdir.bench.JmhBenchmark;
import dev.memdir.bench.SampleMarkdown;
import dev.memdir.frontmatter.Frontmatter;
import dev.memdir.markdown.BlockComments;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The index budget check of a MEMORY.md-sized text (24 KB, 209 lines, NEAR once stripped) and of a 1 MiB one
 * (OVER): the measure and verdict of the stripped text, and the whole load (strip, measure, cut) that the tool
 * runs after each write of the index.
 */
// Five warm-up iterations: at 1 MiB the third one is still well above the steady state.
@Warmup(iterations = 5, time = 2)
public class IndexMeasureBenchmark extends JmhBenchmark {

    @Param({"25000", "1048576"})
    int textBytes;

    private String raw;
    private String stripped;

    @Setup(Level.Trial)
    public void createText() {
        raw = SampleMarkdown.ofSize(textBytes);
        stripped = BlockComments.strip(Frontmatter.strip(raw));
    }

    @Benchmark
    public Verdict measure() {
        return IndexMeasure.of(stripped, IndexBudget.DEFAULT).verdict();
    }

    @Benchmark
    public Verdict load() {
        return LoadedIndex.load(raw, IndexBudget.DEFAULT).measure().verdict();
    }
}

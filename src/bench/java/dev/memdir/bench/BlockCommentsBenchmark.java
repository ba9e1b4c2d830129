package dev.memdir.bench;

import dev.memdir.markdown.BlockComments;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/** Block comment stripping of a MEMORY.md-sized markdown text (24 KB, 209 lines) and of a 1 MiB one. */
// Five warm-up iterations: at 1 MiB the third one is still well above the steady state.
@Warmup(iterations = 5, time = 2)
public class BlockCommentsBenchmark extends JmhBenchmark {

    @Param({"25000", "1048576"})
    int textBytes;

    private String markdown;

    @Setup(Level.Trial)
    public void createText() {
        markdown = SampleMarkdown.ofSize(textBytes);
    }

    @Benchmark
    public String strip() {
        return BlockComments.strip(markdown);
    }
}

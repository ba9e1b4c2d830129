package dev.memdir.bench;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.index.IndexBudget;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

/**
 * A directory store at {@code memories} below {@code base}, a new temp directory, and the memory tool on it: what one
 * trial of a benchmark writes in.
 */
public record TempMemoryRoot(Path base, DirectoryStore store) {

    /** Opens a directory store with these limits at {@code memories} below a new temp directory. */
    public static TempMemoryRoot open(StoreLimits limits) throws IOException {
        Path base = Files.createTempDirectory("memdir-bench");
        return new TempMemoryRoot(base,
                DirectoryStore.open(DirectoryOptions.of(base.resolve("memories"), limits, "bench")));
    }

    /** The memory tool on the store, stamping files as {@code bench}, with the default index budget. */
    public MemoryTool tool(boolean readOnly) {
        return new MemoryTool(store, new FrontmatterStamper(Clock.systemUTC(), "bench"), readOnly, IndexBudget.DEFAULT);
    }

    /** Closes the store and deletes the temp directory with everything the trial wrote. */
    public void delete() throws IOException {
        store.close();
        TempTrees.delete(base);
    }
}

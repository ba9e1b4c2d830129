package dev.memdir.memory.torture;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.TableFiles;
import dev.memdir.memory.store.Usage;
import java.io.IOException;

/**
 * A memory's counters, or the same recounted from its files, as {@code store check} compares them: its files, their
 * bytes, and the bytes its history keeps. Any store works whose units run on {@link TableFiles} (PostgreSQL, S3):
 * the history's bytes are in no contract but the totals such a unit starts from.
 */
public record StoreCounts(long files, long bytes, long historyBytes) {

    /** Returns the counters {@code store} keeps: its usage, and its history's bytes as a change starts from them. */
    public static StoreCounts kept(MemoryStore store) throws IOException, CommandException {
        Usage usage = store.usage();
        // A change that writes nothing: the only unit whose totals are the store's on both stores, and it commits
        // nothing.
        long historyBytes = store.change(files -> ((TableFiles) files).totals().historyBytes());
        return new StoreCounts(usage.files(), usage.bytes(), historyBytes);
    }

    /** Returns the counters recounted from every file and kept version of {@code store}, in one unit. */
    public static StoreCounts recounted(MemoryStore store) throws IOException, CommandException {
        return store.read(StoreCounts::recount);
    }

    private static StoreCounts recount(MemoryFiles files) throws IOException, CommandException {
        long count = 0;
        long bytes = 0;
        for (MemoryPath file : files.allFiles()) {
            count++;
            bytes += files.read(file).length;
        }
        long historyBytes = 0;
        for (MemoryPath path : files.historyPaths()) {
            for (FileVersion version : files.versions(path)) {
                historyBytes += version.size();
            }
        }
        return new StoreCounts(count, bytes, historyBytes);
    }
}

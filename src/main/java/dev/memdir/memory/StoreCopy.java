package dev.memdir.memory;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.MemoryStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Copies a memory from one store to another: every file, hidden ones included, byte for byte, and with the history
 * each path's versions oldest first, with their times, sessions, operations and redactions. The source is read in
 * one change (holding its lock or transaction, writing nothing), so the copy is of one moment; the target is written
 * in one change, so on PostgreSQL a failed copy leaves nothing behind. Empty directories are not copied.
 */
public final class StoreCopy {

    /** What a copy wrote. */
    public record Copied(long files, long bytes, long versions) {}

    private record KeptVersion(FileVersion version, Optional<byte[]> content) {}

    private record FileCopy(MemoryPath path, byte[] content) {}

    private record HistoryCopy(MemoryPath path, List<KeptVersion> oldestFirst) {}

    private record Snapshot(List<FileCopy> files, List<HistoryCopy> histories) {}

    private StoreCopy() {}

    /**
     * Copies {@code from} into {@code to}; returns empty, writing nothing, when {@code to} holds files or history
     * and {@code merge} is false. Merging, a file of both is replaced by the source's (the target's kept in its
     * history) and the source's versions follow the target's own.
     */
    public static Optional<Copied> copy(MemoryStore from, MemoryStore to, boolean withHistory, boolean merge)
            throws IOException, CommandException {
        Snapshot snapshot = from.change(files -> snapshot(files, withHistory));
        return to.change(files -> {
            if (!merge && (!files.allFiles().isEmpty() || !files.historyPaths().isEmpty())) {
                return Optional.empty();
            }
            long versions = 0;
            for (HistoryCopy history : snapshot.histories()) {
                for (KeptVersion kept : history.oldestFirst()) {
                    files.addVersion(history.path(), kept.version(), kept.content());
                    versions++;
                }
            }
            long bytes = 0;
            for (FileCopy file : snapshot.files()) {
                files.write(file.path(), file.content());
                bytes += file.content().length;
            }
            return Optional.of(new Copied(snapshot.files().size(), bytes, versions));
        });
    }

    private static Snapshot snapshot(MemoryFiles files, boolean withHistory) throws IOException, CommandException {
        List<FileCopy> copies = new ArrayList<>();
        Set<MemoryPath> historyPaths = new LinkedHashSet<>();
        List<MemoryPath> all = files.allFiles();
        files.prefetch(all);
        for (MemoryPath path : all) {
            copies.add(new FileCopy(path, files.read(path)));
            historyPaths.add(path);
        }
        List<HistoryCopy> histories = new ArrayList<>();
        if (withHistory) {
            historyPaths.addAll(files.historyPaths());
            for (MemoryPath path : historyPaths) {
                List<FileVersion> newestFirst = files.versions(path);
                List<KeptVersion> oldestFirst = new ArrayList<>();
                for (int i = newestFirst.size() - 1; i >= 0; i--) {
                    FileVersion version = newestFirst.get(i);
                    oldestFirst.add(new KeptVersion(version, files.version(path, version.number())));
                }
                histories.add(new HistoryCopy(path, oldestFirst));
            }
        }
        return new Snapshot(copies, histories);
    }
}

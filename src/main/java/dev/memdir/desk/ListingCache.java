package dev.memdir.desk;

import dev.memdir.memory.MemoryAges;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.ListedEntry;
import dev.memdir.memory.store.ListedFile;
import dev.memdir.memory.store.MemoryFiles;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the tree shows, kept between pages: the entries of the directories last shown and the memory's listing of
 * files with their times, each kept until the memory changes (a memory of 10,000 files is not listed for every
 * page), and each file's stamped time, kept while its size and store time stay the same (a file is not read again
 * for every page).
 */
final class ListingCache {

    /** Stamped times kept at most; past it they are forgotten and read again. */
    static final int MOST_KEPT = 100_000;

    private record Seen(String path, long size, Instant modified) {
        static Seen of(ListedFile file) {
            return new Seen(file.path().display(), file.size(), file.modified());
        }
    }

    /** Directories whose entries are kept at most. */
    static final int MOST_DIRECTORIES = 16;

    private long listedAt = -1;
    private long childrenAt = -1;
    private final Map<MemoryPath, List<ListedEntry>> children = new LinkedHashMap<>(16, 0.75f, true);
    private Map<String, ListedFile> listed = Map.of();
    private final Map<Seen, Instant> stamped = new HashMap<>();

    /**
     * Returns the entries right below {@code directory}, directories first, then by name; listed again when
     * {@code changes} differs from the last listing's.
     */
    synchronized List<ListedEntry> children(MemoryFiles files, MemoryPath directory, long changes)
            throws IOException, CommandException {
        if (changes != childrenAt) {
            children.clear();
            childrenAt = changes;
        }
        List<ListedEntry> kept = children.get(directory);
        if (kept == null) {
            List<ListedEntry> listed = new ArrayList<>(files.list(directory, 1));
            listed.sort(Comparator.comparing((ListedEntry entry) -> !entry.directory())
                    .thenComparing(ListedEntry::path));
            kept = List.copyOf(listed);
            if (children.size() >= MOST_DIRECTORIES) {
                children.remove(children.keySet().iterator().next());
            }
            children.put(directory, kept);
        }
        return kept;
    }

    /** Returns the memory's files by path, listed again when {@code changes} differs from the last listing's. */
    synchronized Map<String, ListedFile> listed(MemoryFiles files, long changes) throws IOException {
        if (changes != listedAt) {
            Map<String, ListedFile> fresh = new HashMap<>();
            for (ListedFile file : files.listedFiles()) {
                fresh.put(file.path().display(), file);
            }
            listed = fresh;
            listedAt = changes;
        }
        return listed;
    }

    /** Returns when {@code file} was last changed, its stamp read once while it stays the same. */
    synchronized Instant modified(MemoryFiles files, ListedFile file) throws IOException {
        Seen seen = Seen.of(file);
        Instant known = stamped.get(seen);
        if (known != null) {
            return known;
        }
        Instant modified = MemoryAges.modified(files, file).orElse(file.modified());
        if (stamped.size() >= MOST_KEPT) {
            stamped.clear();
        }
        stamped.put(seen, modified);
        return modified;
    }
}

package dev.memdir.memory;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.MemoryStore;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The renames that brought a file to its path, whose history stays under the paths it came from: a rename keeps,
 * with the version it keeps under the old path, where the file went, so the chain is followed back from a path
 * through every earlier one. Renames kept by a memdir that did not record where a file went are not found.
 */
public final class RenamedFrom {

    /** One rename: the file at {@code from} went to {@code to}. */
    public record Link(MemoryPath from, MemoryPath to) {}

    private RenamedFrom() {}

    /**
     * Returns the renames into {@code path} and, from each path they came from, the renames into that one, nearest
     * first and in the order of their names at each step; every path once.
     */
    public static List<Link> of(MemoryStore store, MemoryPath path) throws IOException {
        return store.readPlainly(files -> of(files, path));
    }

    private static List<Link> of(MemoryFiles files, MemoryPath path) throws IOException {
        List<Link> links = new ArrayList<>();
        Set<List<String>> seen = new HashSet<>(Set.of(path.segments()));
        Deque<MemoryPath> next = new ArrayDeque<>(List.of(path));
        while (!next.isEmpty()) {
            MemoryPath to = next.removeFirst();
            List<MemoryPath> from = new ArrayList<>(files.renamedInto(to));
            from.sort(Comparator.comparing(MemoryPath::display));
            for (MemoryPath old : from) {
                if (seen.add(old.segments())) {
                    links.add(new Link(old, to));
                    next.addLast(old);
                }
            }
        }
        return links;
    }
}

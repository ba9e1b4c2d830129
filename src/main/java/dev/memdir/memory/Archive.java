package dev.memdir.memory;

import dev.memdir.memory.path.MemoryPath;
import java.util.ArrayList;
import java.util.List;

/**
 * Where {@code memdir prune} moves a stale file, by a rename: {@code /memories/archive/} and the file's path below
 * the root, from where a {@link Restore} of the file moves it back.
 */
public final class Archive {

    public static final MemoryPath FOLDER = MemoryPath.of(List.of("archive"));

    private Archive() {}

    /** Returns where {@code path} is kept once archived. */
    static MemoryPath of(MemoryPath path) {
        List<String> segments = new ArrayList<>(FOLDER.segments());
        segments.addAll(path.segments());
        return MemoryPath.of(segments);
    }
}

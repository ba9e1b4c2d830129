package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.ContentSeal;
import java.io.IOException;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Sealing a root's contents again: each file is opened and replaced atomically (flushed) by its content sealed under
 * the seal's primary data key, keeping its times, so a kill leaves every file sealed under the old key or the new one,
 * and both open.
 */
final class Reseal {

    private Reseal() {}

    /** Seals every memory file of {@code root} again; returns how many. */
    static long files(OpenedDirectory root, ContentSeal seal) throws IOException {
        long[] count = new long[1];
        MemoryFileWalk.all(root, (parent, segments, attributes) -> {
            String name = segments.get(segments.size() - 1);
            MemoryPath path = MemoryPath.of(segments);
            write(parent, name, seal.seal(path, seal.open(path, parent.read(name))), attributes);
            count[0]++;
        });
        return count[0];
    }

    /**
     * Replaces {@code name} in {@code directory} by {@code stored}, atomically and flushed, with the times of
     * {@code times} (what memdir shows as a file's age).
     */
    static void write(OpenedDirectory directory, String name, byte[] stored, BasicFileAttributes times)
            throws IOException {
        AtomicFiles.write(directory, name, stored);
        BasicFileAttributeView view = directory.posix(name).orElse(null);
        if (view != null) {
            view.setTimes(times.lastModifiedTime(), times.lastAccessTime(), null);
        }
    }
}

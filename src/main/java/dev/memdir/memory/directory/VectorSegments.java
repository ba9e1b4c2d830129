package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.SegmentSpace;
import dev.memdir.memory.store.VectorShelf.Segment;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * A root's vector segments: one file each, named by its id, in {@code .memdir-vectors} inside the root, beside the
 * history. A reserved name, so that no path names it and no listing, count, limit or watcher reaches it, while the
 * segments stay with the memory (a root moved, copied or backed up whole takes them along). Each is written
 * atomically and flushed, owner-only, under the root lock: that lock is what keeps a store opening meanwhile from
 * clearing a temp file still being written ({@link Leftovers}). Read without the lock, which a read takes only when
 * a segment it listed was removed before it read it (a replace ran meanwhile: under the lock, none does).
 */
final class VectorSegments implements SegmentSpace {

    static final String DIRECTORY = MemoryNames.RESERVED_PREFIX + "-vectors";

    private final Path root;
    private final RootLock lock;

    /** The segments of {@code root}, a real path, whose lock is {@code lock}. */
    VectorSegments(Path root, RootLock lock) {
        this.root = root;
        this.lock = lock;
    }

    @Override
    public List<Segment> stored() throws IOException {
        Optional<List<Segment>> read = read(false);
        return read.isPresent() ? read.get() : holding(() -> read(true).orElseThrow());
    }

    @Override
    public void put(String id, byte[] stored, Collection<String> removed) throws IOException {
        holding(() -> {
            try (OpenedDirectory opened = OpenedDirectory.open(root);
                    OpenedDirectory vectors = opened.directoryMade(DIRECTORY)) {
                AtomicFiles.writePrivate(vectors, id, stored);
                for (String name : removed) {
                    vectors.deleteIfExists(name);
                }
                vectors.sync();
            }
            return null;
        });
    }

    /**
     * Returns every segment; empty when one listed was gone when read, unless {@code locked}, when it is left out
     * (removed by hand: no replace runs meanwhile).
     */
    private Optional<List<Segment>> read(boolean locked) throws IOException {
        List<Segment> segments = new ArrayList<>();
        try (OpenedDirectory opened = OpenedDirectory.open(root)) {
            Optional<OpenedDirectory> found = opened.existingDirectory(DIRECTORY);
            if (found.isEmpty()) {
                return Optional.of(segments);
            }
            try (OpenedDirectory vectors = found.get()) {
                for (String name : vectors.names()) {
                    if (MemoryNames.reserved(name)) {
                        continue;
                    }
                    try {
                        segments.add(new Segment(name, vectors.read(name)));
                    } catch (NoSuchFileException removed) {
                        if (!locked) {
                            return Optional.empty();
                        }
                    }
                }
            }
        }
        return Optional.of(segments);
    }

    /** Whether {@code root} (opened) holds any segment. */
    static boolean any(OpenedDirectory root) throws IOException {
        Optional<OpenedDirectory> found = root.existingDirectory(DIRECTORY);
        if (found.isEmpty()) {
            return false;
        }
        try (OpenedDirectory vectors = found.get()) {
            return vectors.names().stream().anyMatch(name -> !MemoryNames.reserved(name));
        }
    }

    private <T> T holding(RootLock.Locked<T> action) throws IOException {
        try {
            return lock.holding(action);
        } catch (CommandException impossible) {
            throw new AssertionError(impossible);
        }
    }
}

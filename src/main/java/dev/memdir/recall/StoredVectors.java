package dev.memdir.recall;

import dev.memdir.memory.store.VectorShelf;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The vectors of one memory's contents for one model and one way of cutting passages (both in the name they are
 * kept under), as the memory's {@link VectorShelf} keeps them between runs:
 * read whole once, then new ones saved a segment at a time; once the shelf holds more than {@value #MOST_SEGMENTS}
 * segments, they are merged into one that keeps only the vectors of contents the memory still holds.
 */
final class StoredVectors {

    private static final Logger log = LoggerFactory.getLogger(StoredVectors.class);
    private static final int MOST_SEGMENTS = 16;

    private final Supplier<VectorShelf> shelf;
    private final String model;
    private final Map<String, ContentVectors> known = new ConcurrentHashMap<>();
    private final Map<String, ContentVectors> unsaved = new LinkedHashMap<>();
    private int segments;

    StoredVectors(Supplier<VectorShelf> shelf, String model) {
        this.shelf = shelf;
        this.model = model;
    }

    /** Reads every segment of the shelf; one that does not decode is left out (its vectors are computed again). */
    synchronized void load() throws IOException {
        List<VectorShelf.Segment> read = shelf.get().segments();
        segments = read.size();
        for (VectorShelf.Segment segment : read) {
            decoded(segment).ifPresent(vectors -> known.putAll(vectors));
        }
    }

    /** Whether any content has its vectors: the memory kept some, or some were computed. */
    boolean any() {
        return !known.isEmpty();
    }

    Optional<ContentVectors> get(String sha256) {
        return Optional.ofNullable(known.get(sha256));
    }

    boolean has(String sha256) {
        return known.containsKey(sha256);
    }

    void put(String sha256, ContentVectors vectors) {
        known.put(sha256, vectors);
        synchronized (this) {
            unsaved.put(sha256, vectors);
        }
    }

    /**
     * Saves the vectors put since the last save as one segment, and merges the shelf's segments when there are too
     * many, keeping the vectors of {@code live} contents only.
     */
    synchronized void save(Set<String> live) throws IOException {
        if (unsaved.isEmpty()) {
            return;
        }
        if (segments + 1 <= MOST_SEGMENTS) {
            shelf.get().add(VectorSegment.encode(model, dimensions(unsaved), unsaved));
            segments++;
            unsaved.clear();
            return;
        }
        List<VectorShelf.Segment> read = shelf.get().segments();
        Map<String, ContentVectors> merged = new LinkedHashMap<>();
        for (VectorShelf.Segment segment : read) {
            decoded(segment).ifPresent(merged::putAll);
        }
        merged.putAll(unsaved);
        merged.keySet().retainAll(live);
        List<String> ids = new ArrayList<>();
        read.forEach(segment -> ids.add(segment.id()));
        shelf.get().replace(ids, VectorSegment.encode(model, dimensions(merged), merged));
        segments = 1;
        unsaved.clear();
        known.keySet().retainAll(merged.keySet());
    }

    private Optional<Map<String, ContentVectors>> decoded(VectorShelf.Segment segment) {
        try {
            VectorSegment.Decoded decoded = VectorSegment.decode(segment.bytes());
            return decoded.model().equals(model) ? Optional.of(decoded.vectors()) : Optional.empty();
        } catch (IllegalArgumentException broken) {
            log.warn("recall: left out the vector segment {}: {}", segment.id(), broken.getMessage());
            return Optional.empty();
        }
    }

    private static int dimensions(Map<String, ContentVectors> vectors) {
        return vectors.values().stream().mapToInt(ContentVectors::dimensions).max().orElse(0);
    }
}

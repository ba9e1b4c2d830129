package dev.memdir.memory.store;

import java.io.IOException;
import java.util.Collection;
import java.util.List;

/**
 * Where a store keeps the segments of its {@link VectorShelf}, as stored (sealed on an encrypted memory), under ids
 * the shelf gives ({@link SealedShelf}): out of reach of every memory path, listing, count and limit.
 */
public interface SegmentSpace {

    /** Returns every segment as stored, in no particular order. */
    List<VectorShelf.Segment> stored() throws IOException;

    /**
     * Keeps {@code stored} under the new id {@code id}, then removes the segments {@code removed} (one already gone
     * is no error); a reader never sees the removed ones gone while the new one is not there yet.
     */
    void put(String id, byte[] stored, Collection<String> removed) throws IOException;
}

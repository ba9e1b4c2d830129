package dev.memdir.memory.store;

import java.io.IOException;
import java.util.Collection;
import java.util.List;

/**
 * Where recall keeps what it computed from the memory's contents (the files' vectors), with the memory, so that a
 * restart does not compute it again. The shelf holds segments: byte strings recall writes and reads whole and the store
 * never looks into. On an encrypted memory they are sealed like contents, since a vector tells what a text means.
 * A segment is never changed: recall adds new ones and, to compact, replaces some it read by one holding what they
 * held. Many processes may add and replace at once; a segment another process added is never lost to a replace.
 */
public interface VectorShelf {

    /** A segment as the store keeps it: its store-given identity and its (opened) bytes. */
    record Segment(String id, byte[] bytes) {}

    /** Returns every segment on the shelf, in no particular order. */
    List<Segment> segments() throws IOException;

    /** Adds a segment. */
    void add(byte[] segment) throws IOException;

    /** Adds {@code merged}, then removes the segments named by {@code ids}; an id already gone is no error. */
    void replace(Collection<String> ids, byte[] merged) throws IOException;
}

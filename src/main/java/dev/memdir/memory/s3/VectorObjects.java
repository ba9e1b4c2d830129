package dev.memdir.memory.s3;

import dev.memdir.memory.store.SegmentSpace;
import dev.memdir.memory.store.VectorShelf.Segment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * A namespace's vector segments: one object each, {@code vectors/ID} below the namespace, which no commit, manifest
 * or sweep names (the sweep removes only what is under {@code commits/}, {@code blobs/} and {@code bases/}). Listed
 * and read one by one; a replace creates the merged one before it deletes those it replaces, so a reader that
 * lists again finds what they held.
 */
final class VectorObjects implements SegmentSpace {

    static final String KIND = "vectors/";
    /** How many times a read lists again when a segment it listed was gone (a replace ran meanwhile). */
    private static final int LISTINGS = 3;

    private final ObjectCalls objects;
    private final ObjectFaults faults;

    VectorObjects(ObjectCalls objects, ObjectFaults faults) {
        this.objects = objects;
        this.faults = faults;
    }

    @Override
    public List<Segment> stored() throws IOException {
        try {
            for (int listing = 1; ; listing++) {
                List<Segment> segments = new ArrayList<>();
                boolean whole = true;
                for (String name : objects.names(KIND)) {
                    try {
                        segments.add(new Segment(name.substring(KIND.length()), objects.get(name)));
                    } catch (StaleHead gone) {
                        whole = false;
                    }
                }
                if (whole || listing == LISTINGS) {
                    return segments;
                }
            }
        } catch (SdkException e) {
            throw faults.of(e);
        }
    }

    @Override
    public void put(String id, byte[] stored, Collection<String> removed) throws IOException {
        try {
            objects.create(KIND + id, stored);
            if (!removed.isEmpty()) {
                objects.delete(removed.stream().map(name -> KIND + name).toList());
            }
        } catch (SdkException e) {
            throw faults.of(e);
        }
    }
}

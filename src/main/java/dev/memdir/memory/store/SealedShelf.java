package dev.memdir.memory.store;

import dev.memdir.memory.path.MemoryPath;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A store's {@link VectorShelf}: each segment kept in the store's {@link SegmentSpace} under an id of 128 random
 * bits (so that processes adding at once never take the same one), sealed as the memory's contents are, bound to
 * the namespace and to its id. The binding's first segment holds a NUL, which no memory path can, so a file's
 * content never opens as a segment, nor a segment as a file; a segment copied to another id or another memory does
 * not open. Such a segment is left out of {@link #segments} with one warning on stderr, and kept: recall computes
 * what it held again, and a segment sealed under a data key this process does not hold yet (another process
 * sealed everything again) opens after a restart. What the space holds under a name that is no id is not the shelf's,
 * and is left alone.
 */
public final class SealedShelf implements VectorShelf {

    private static final Logger LOG = LoggerFactory.getLogger(SealedShelf.class);
    private static final String BINDING = "\0vectors";
    private static final Pattern ID = Pattern.compile("[0-9a-f]{32}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SegmentSpace space;
    private final Supplier<ContentSeal> seal;
    private final String location;

    /**
     * The shelf kept in {@code space}, sealed with what {@code seal} returns at each call (a key rotation replaces
     * it); {@code location} names the memory in a warning.
     */
    public SealedShelf(SegmentSpace space, Supplier<ContentSeal> seal, String location) {
        this.space = space;
        this.seal = seal;
        this.location = location;
    }

    @Override
    public List<Segment> segments() throws IOException {
        ContentSeal sealing = seal.get();
        List<Segment> opened = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        for (Segment stored : space.stored()) {
            if (!ID.matcher(stored.id()).matches()) {
                continue;
            }
            try {
                opened.add(new Segment(stored.id(), sealing.open(at(stored.id()), stored.bytes())));
            } catch (StoreFault doesNotOpen) {
                broken.add(stored.id());
            }
        }
        if (!broken.isEmpty()) {
            LOG.warn("left out the vector segments of {} that do not open under its key (changed outside memdir, or"
                    + " sealed for another memory), whose vectors recall computes again: {}", location,
                    String.join(", ", broken));
        }
        return opened;
    }

    @Override
    public void add(byte[] segment) throws IOException {
        replace(List.of(), segment);
    }

    @Override
    public void replace(Collection<String> ids, byte[] merged) throws IOException {
        for (String id : ids) {
            if (!ID.matcher(id).matches()) {
                throw new IllegalArgumentException("not the id of a vector segment: " + id);
            }
        }
        String id = newId();
        space.put(id, seal.get().seal(at(id), merged), List.copyOf(ids));
    }

    /**
     * Seals every segment that opens again under the seal's primary data key (after a key rotation that added one),
     * each as a replace of it by itself under a new id, so a kill part-way loses none.
     */
    public void sealAgain() throws IOException {
        for (Segment segment : segments()) {
            replace(List.of(segment.id()), segment.bytes());
        }
    }

    private static MemoryPath at(String id) {
        return new MemoryPath("vector segment " + id, List.of(BINDING, id));
    }

    private static String newId() {
        byte[] random = new byte[16];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}

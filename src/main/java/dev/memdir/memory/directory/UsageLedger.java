package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.Usage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;

/**
 * How much a root holds (its memory files, hidden ones included, see {@link MemoryNames}), kept as running totals
 * in {@code .memdir-usage} so that a write checks the limits without walking the root. The ledger changes only
 * under the root lock, so every memdir process sharing the root reads and moves the same figures. Each process
 * counts the root once, at its first change, and writes the count: that heals a ledger that files edited by hand
 * or a process killed between a write and its ledger update left behind.
 */
final class UsageLedger {

    static final String FILE_NAME = MemoryNames.RESERVED_PREFIX + "-usage";

    private boolean counted;

    /** Returns the totals of {@code root}; the caller holds the root lock. */
    Usage read(OpenedDirectory root, ContentSeal seal) throws IOException {
        Optional<Usage> stored = counted ? stored(root) : Optional.empty();
        if (stored.isPresent()) {
            return stored.get();
        }
        Usage usage = count(root, seal);
        save(root, usage);
        counted = true;
        return usage;
    }

    /** Returns the totals without the lock: the ledger once this process has counted, else a count. */
    Usage peek(OpenedDirectory root, ContentSeal seal) throws IOException {
        Optional<Usage> stored = counted ? stored(root) : Optional.empty();
        return stored.isPresent() ? stored.get() : count(root, seal);
    }

    /** Returns the stored totals; empty when the ledger is lost or damaged (or not a regular file). */
    private static Optional<Usage> stored(OpenedDirectory root) throws IOException {
        BasicFileAttributes attributes = root.attributes(FILE_NAME);
        if (attributes == null || !attributes.isRegularFile()) {
            return Optional.empty();
        }
        try {
            String[] figures = new String(root.read(FILE_NAME), StandardCharsets.US_ASCII).trim().split(" ");
            return Optional.of(new Usage(Long.parseLong(figures[0]), Long.parseLong(figures[1])));
        } catch (NoSuchFileException | NumberFormatException | ArrayIndexOutOfBoundsException lostOrDamaged) {
            return Optional.empty();
        }
    }

    /** Records new totals; the caller holds the root lock. Not flushed: a crash is healed by the next count. */
    void save(OpenedDirectory root, Usage usage) throws IOException {
        AtomicFiles.writeWithoutFlush(root, FILE_NAME, (usage.files() + " " + usage.bytes() + "\n")
                .getBytes(StandardCharsets.US_ASCII));
    }

    /** Drops the ledger after a change that failed part-way, so that the next change counts again. */
    void forget(OpenedDirectory root) throws IOException {
        root.deleteIfExists(FILE_NAME);
    }

    /**
     * Counts every memory file below {@code root}, by its plain size; links are not followed, memdir's own entries
     * not counted.
     */
    static Usage count(OpenedDirectory root, ContentSeal seal) throws IOException {
        long[] totals = new long[2];
        MemoryFileWalk.all(root, (parent, segments, attributes) -> {
            totals[0]++;
            totals[1] += PlainSize.of(attributes, seal);
        });
        return new Usage(totals[0], totals[1]);
    }
}

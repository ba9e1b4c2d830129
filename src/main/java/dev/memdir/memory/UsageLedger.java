package dev.memdir.memory;

import dev.memdir.memory.path.MemoryNames;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
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

    private final Path root;
    private final Path file;
    private boolean counted;

    UsageLedger(Path root) {
        this.root = root;
        this.file = root.resolve(FILE_NAME);
    }

    /** Returns the totals; the caller holds the root lock. */
    Usage read() throws IOException {
        Optional<Usage> stored = counted ? stored() : Optional.empty();
        if (stored.isPresent()) {
            return stored.get();
        }
        Usage usage = count(root);
        save(usage);
        counted = true;
        return usage;
    }

    /** Returns the totals without the lock: the ledger once this process has counted, else a count. */
    Usage peek() throws IOException {
        Optional<Usage> stored = counted ? stored() : Optional.empty();
        return stored.isPresent() ? stored.get() : count(root);
    }

    private Optional<Usage> stored() throws IOException {
        try {
            String[] figures = Files.readString(file, StandardCharsets.US_ASCII).trim().split(" ");
            return Optional.of(new Usage(Long.parseLong(figures[0]), Long.parseLong(figures[1])));
        } catch (NoSuchFileException | NumberFormatException | ArrayIndexOutOfBoundsException lostOrDamaged) {
            return Optional.empty();
        }
    }

    /** Records new totals; the caller holds the root lock. Not flushed: a crash is healed by the next count. */
    void save(Usage usage) throws IOException {
        AtomicFiles.writeWithoutFlush(file, (usage.files() + " " + usage.bytes() + "\n")
                .getBytes(StandardCharsets.US_ASCII));
    }

    /** Drops the ledger after a change that failed part-way, so that the next change counts again. */
    void forget() throws IOException {
        Files.deleteIfExists(file);
    }

    /** Counts every memory file below {@code root}; links are not followed, memdir's own entries not counted. */
    static Usage count(Path root) throws IOException {
        long[] totals = new long[2];
        MemoryFileWalk.all(root, (segments, attributes) -> {
            totals[0]++;
            totals[1] += attributes.size();
        });
        return new Usage(totals[0], totals[1]);
    }
}

package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterFields;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.ListedFile;
import dev.memdir.memory.store.MemoryFiles;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.Sha256;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How old each memory file is: from its frontmatter's {@code metadata.modified} (which every write stamps), else
 * from the file's time; and when it was last read, as far as the file system records it. A file untouched for
 * longer than the stale age is flagged: a memory nobody has revised may no longer be true.
 */
public final class MemoryAges {

    /** One file's age and the SHA-256 of its content; {@code path} is virtual ({@code /memories/...}). */
    public record Age(String path, Instant modified, boolean fromFrontmatter, Instant lastAccess, long ageDays,
            boolean stale, String sha256) {}

    /** Larger files are hashed but not searched for a stamp: a stamp sits at the top of a note, not in a blob. */
    private static final long LARGEST_READ = 4L << 20;

    private MemoryAges() {}

    /**
     * Returns every listed file of {@code store} with its age at {@code now} and its SHA-256, oldest first; a file
     * removed between the listing and its read is left out.
     */
    public static List<Age> of(MemoryStore store, Instant now, Duration staleAfter) throws IOException {
        List<Age> ages = new ArrayList<>();
        try {
            store.read(files -> {
                for (ListedFile file : files.listedFiles()) {
                    of(files, file, now, staleAfter).ifPresent(ages::add);
                }
                return null;
            });
        } catch (CommandException impossible) {
            throw new AssertionError(impossible);
        }
        ages.sort(Comparator.comparing(Age::modified).thenComparing(Age::path));
        return ages;
    }

    /**
     * Returns the files of {@code store} untouched for more than {@code olderThan} at {@code now} that a prune moves
     * into the {@link Archive}, oldest first: neither the index nor what is archived already.
     */
    public static List<Age> prunable(MemoryStore store, Instant now, Duration olderThan) throws IOException {
        String archived = Archive.FOLDER.display() + "/";
        return of(store, now, olderThan).stream()
                .filter(Age::stale)
                .filter(age -> !age.path().startsWith(archived) && !age.path().equals(MemoryTool.INDEX.display()))
                .collect(Collectors.toList());
    }

    /** Returns the age of {@code file} at {@code now}, read in {@code files}; empty when it was removed meanwhile. */
    public static Optional<Age> of(MemoryFiles files, ListedFile file, Instant now, Duration staleAfter)
            throws IOException {
        Optional<byte[]> content = content(files, file);
        if (content.isEmpty()) {
            return Optional.empty();
        }
        Optional<Instant> stamped = content.get().length > LARGEST_READ ? Optional.empty()
                : stampedModified(content.get());
        Instant modified = stamped.orElse(file.modified());
        Duration age = Duration.between(modified, now);
        return Optional.of(new Age(file.path().display(), modified, stamped.isPresent(), file.lastAccess(),
                Math.max(0, age.toDays()), age.compareTo(staleAfter) > 0, Sha256.hex(content.get())));
    }

    /**
     * Returns when {@code file} was last changed: the {@code metadata.modified} its frontmatter was stamped with, else
     * its store's time; empty when it was removed meanwhile.
     */
    public static Optional<Instant> modified(MemoryFiles files, ListedFile file) throws IOException {
        Optional<byte[]> content = content(files, file);
        if (content.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of((content.get().length > LARGEST_READ ? Optional.<Instant>empty()
                : stampedModified(content.get())).orElse(file.modified()));
    }

    private static Optional<byte[]> content(MemoryFiles files, ListedFile file) throws IOException {
        try {
            return Optional.of(files.read(file.path()));
        } catch (CommandException vanished) {
            return Optional.empty();
        }
    }

    private static Optional<Instant> stampedModified(byte[] content) {
        try {
            Object metadata = FrontmatterFields.of(new String(content, StandardCharsets.UTF_8)).get("metadata");
            if (metadata instanceof Map<?, ?> fields && fields.get("modified") != null) {
                Object modified = fields.get("modified");
                return Optional.of(modified instanceof Date date ? date.toInstant()
                        : Instant.parse(modified.toString()));
            }
        } catch (DateTimeParseException notATime) {
            // The file's own time says how old it is.
        }
        return Optional.empty();
    }
}

package dev.memdir.memory;

import dev.memdir.frontmatter.FrontmatterFields;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How old each memory file is: from its frontmatter's {@code metadata.modified} (which every write stamps), else
 * from the file's time; and when it was last read, as far as the file system records it. A file untouched for
 * longer than the stale age is flagged: a memory nobody has revised may no longer be true.
 */
public final class MemoryAges {

    /** One file's age; {@code path} is virtual ({@code /memories/...}). */
    public record Age(String path, Instant modified, boolean fromFrontmatter, Instant lastAccess, long ageDays,
            boolean stale) {}

    private MemoryAges() {}

    /** Returns every visible regular file below {@code root} with its age at {@code now}, oldest first. */
    public static List<Age> of(Path root, Instant now, Duration staleAfter) throws IOException {
        List<Age> ages = new ArrayList<>();
        VisibleFiles.walk(root, (relative, file, attributes) -> {
            Optional<Instant> stamped = stampedModified(file);
            Instant modified = stamped.orElse(attributes.lastModifiedTime().toInstant());
            Duration age = Duration.between(modified, now);
            ages.add(new Age("/memories/" + relative, modified, stamped.isPresent(),
                    attributes.lastAccessTime().toInstant(), Math.max(0, age.toDays()), age.compareTo(staleAfter) > 0));
        });
        ages.sort(Comparator.comparing(Age::modified).thenComparing(Age::path));
        return ages;
    }

    private static Optional<Instant> stampedModified(Path file) {
        try {
            if (Files.size(file) > (4L << 20)) {
                return Optional.empty();
            }
            Object metadata = FrontmatterFields.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8))
                    .get("metadata");
            if (metadata instanceof Map<?, ?> fields && fields.get("modified") != null) {
                Object modified = fields.get("modified");
                return Optional.of(modified instanceof Date date ? date.toInstant()
                        : Instant.parse(modified.toString()));
            }
        } catch (IOException | DateTimeParseException unreadableOrNotATime) {
            // The file's own time says how old it is.
        }
        return Optional.empty();
    }
}

package dev.memdir.memory.store;

import dev.memdir.memory.path.MemoryPath;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * One kept earlier version of a memory file: its number (counting from 1 per file), when it was kept, by which
 * session, its size, the operation it was kept before, and either its SHA-256 or who redacted its content and when.
 * A redacted version keeps no SHA-256: the hash of a short secret can be guessed. A version kept before a rename
 * names where the file went ({@code renamedTo}), so that its new path can point back to the history kept here;
 * versions kept before memdir recorded that have none.
 */
public record FileVersion(int number, Instant time, String session, long size, Optional<String> sha256,
        Operation operation, Optional<Redaction> redaction, Optional<MemoryPath> renamedTo) {

    public FileVersion {
        if (sha256.isPresent() == redaction.isPresent()) {
            throw new IllegalArgumentException("a version has a SHA-256 exactly as long as it is not redacted");
        }
        if (renamedTo.isPresent() && operation != Operation.RENAME) {
            throw new IllegalArgumentException("only a version kept before a rename names where the file went");
        }
    }

    /** What replaced the version: an edit or create over it, a delete, a rename or a restore. */
    public enum Operation {
        WRITE,
        DELETE,
        RENAME,
        RESTORE,
        /** Kept by a memdir that did not record operations yet. */
        UNRECORDED;

        /** Returns the name the history shows and the stores keep: {@code write}, {@code delete}, ... */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Returns the operation a store kept as {@code label}; a label this memdir does not know is unrecorded. */
        public static Operation of(String label) {
            for (Operation operation : values()) {
                if (operation.label().equals(label)) {
                    return operation;
                }
            }
            return UNRECORDED;
        }
    }

    /** Who removed the version's content (and its SHA-256), and when; the version's other figures stay. */
    public record Redaction(String actor, Instant time) {}

    public boolean redacted() {
        return redaction.isPresent();
    }
}

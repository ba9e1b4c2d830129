package dev.memdir.install;

import java.util.Locale;
import java.util.Optional;

/** A part of memdir's setup in Claude Code that a user can leave out ({@code --without PART}). */
public enum ClaudeCodePart {
    /** Before each prompt, the memories that bear on it. */
    PROMPT,
    /** When a file is read, edited or written, the memories whose {@code paths:} match it. */
    FILE,
    /** Around a summary of the context: progress kept, what the session had been given back, reminders. */
    COMPACTION,
    /** Claude Code's own auto memory turned off, so that the model has one memory and one set of instructions. */
    AUTO_MEMORY;

    /** The word a user names the part by, as {@code auto-memory}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Optional<ClaudeCodePart> named(String word) {
        for (ClaudeCodePart part : values()) {
            if (part.word().equals(word.trim().toLowerCase(Locale.ROOT))) {
                return Optional.of(part);
            }
        }
        return Optional.empty();
    }
}

package dev.memdir.instructions;

import java.util.Locale;

/** Why a candidate instruction file contributes nothing. */
public enum SkipReason {
    EXCLUDED,
    UNMATCHED_PATHS,
    IMPORT_TOO_DEEP,
    CYCLE,
    UNAPPROVED_EXTERNAL,
    MISSING,
    TOO_LARGE,
    EMPTY,
    DUPLICATE,
    NOT_TEXT;

    /** Returns the report's spelling: lower case, {@code -} between words. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}

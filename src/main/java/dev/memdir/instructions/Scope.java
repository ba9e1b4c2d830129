package dev.memdir.instructions;

import java.util.Locale;

/** Where an instruction file comes from, as the report names it. */
public enum Scope {
    MANAGED,
    USER,
    PROJECT,
    LOCAL,
    RULE,
    IMPORT,
    MEMORY_INDEX;

    /** Returns the report's spelling: lower case, {@code -} between words. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}

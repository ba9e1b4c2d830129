package dev.memdir.memory.postgres;

import java.io.IOException;

/** The database's memdir schema was migrated by a newer memdir than this one: nothing is touched. */
public final class NewerSchemaException extends IOException {

    NewerSchemaException(int found, int known) {
        super("The database's memdir schema is at version " + found + ", newer than this memdir understands ("
                + known + "); nothing was changed. Upgrade memdir to use this database.");
    }
}

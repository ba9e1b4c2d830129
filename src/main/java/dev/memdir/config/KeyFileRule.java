package dev.memdir.config;

import java.nio.file.Files;
import java.nio.file.Path;

/** A key file must be there, and be readable by its owner alone (as libpq refuses a {@code .pgpass} others may read). */
public final class KeyFileRule {

    private KeyFileRule() {}

    /** Refuses {@code file}, given as {@code option}, unless it is a regular file closed to everyone but its owner. */
    public static void check(Path file, String option) throws ConfigException {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException(option + " " + file + ": no such file (memdir key create FILE makes one)");
        }
        if (!OwnerOnly.holds(file)) {
            throw new ConfigException(option + " " + file + ": others may read it; make it readable by its owner"
                    + " alone (chmod 0600)");
        }
    }
}

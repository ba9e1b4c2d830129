package dev.memdir.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/** Whether a file of secrets is closed to everyone but its owner, as libpq asks of a {@code .pgpass}. */
final class OwnerOnly {

    private static final Set<PosixFilePermission> OWNER = Set.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

    private OwnerOnly() {}

    /** Returns whether no one but the owner of {@code file} may read, write or run it (no link followed). */
    static boolean holds(Path file) throws ConfigException {
        try {
            return OWNER.containsAll(Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS));
        } catch (IOException e) {
            throw new ConfigException("cannot read the permissions of " + file + ": " + e.getMessage());
        }
    }
}

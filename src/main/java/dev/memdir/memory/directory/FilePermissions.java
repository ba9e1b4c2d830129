package dev.memdir.memory.directory;

import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.Set;

/** Owner-only modes for what memdir creates, where the file system has modes. */
final class FilePermissions {

    static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");
    static final Set<PosixFilePermission> DIRECTORY_MODE = PosixFilePermissions.fromString("rwx------");

    private FilePermissions() {}

    static boolean isPosix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    static FileAttribute<?>[] privateFile(Path path) {
        return isPosix(path)
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(FILE_MODE)}
                : new FileAttribute<?>[0];
    }

    static FileAttribute<?>[] privateDirectory(Path path) {
        return isPosix(path)
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(DIRECTORY_MODE)}
                : new FileAttribute<?>[0];
    }

    static Set<OpenOption> createOptions(OpenOption... options) {
        return new HashSet<>(Set.of(options));
    }
}

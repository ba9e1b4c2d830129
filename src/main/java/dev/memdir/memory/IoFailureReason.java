package dev.memdir.memory;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/** The short reason an answer gives for a failed disk operation: the system's words, never a path on the host. */
final class IoFailureReason {

    private IoFailureReason() {}

    static String of(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "it vanished while the command ran";
        }
        if (e instanceof FileSystemException fse) {
            return fse.getReason() != null ? fse.getReason().toLowerCase(Locale.ROOT) : unexplained(fse);
        }
        return e.getMessage() != null ? e.getMessage().toLowerCase(Locale.ROOT) : e.getClass().getSimpleName();
    }

    /** Java reports these by the file's path alone (its message), which must not reach the answer. */
    private static String unexplained(FileSystemException e) {
        if (e instanceof DirectoryNotEmptyException) {
            return "directory not empty";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "file exists";
        }
        return e.getClass().getSimpleName();
    }
}

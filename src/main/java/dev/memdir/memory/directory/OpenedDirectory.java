package dev.memdir.memory.directory;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.List;
import java.util.Optional;

/**
 * A directory of a store, opened for one unit of work, whose entries are reached by name (one path segment), never
 * through a symbolic link. Where Java offers {@link SecureDirectoryStream} (Linux; macOS from Java 24), every name
 * is resolved relative to the opened directory itself ({@code openat} and its kin), so a link swapped in for a
 * directory after it was opened, or after it was checked, is never followed. Elsewhere (Windows, macOS before Java 24)
 * names are resolved by path, each checked just before its use, as memdir always did.
 */
interface OpenedDirectory extends Closeable {

    /** Opens {@code root}, a store's root (a real path). */
    static OpenedDirectory open(Path root) throws IOException {
        DirectoryStream<Path> stream = Files.newDirectoryStream(root);
        if (stream instanceof SecureDirectoryStream<Path> secure) {
            return SecureDirectory.root(secure, root);
        }
        stream.close();
        return new PathDirectory(root);
    }

    /** Returns where the directory was when it was opened (a link's target is read from there, then checked). */
    Path path();

    /** Returns the attributes of the entry {@code name} (a link's own), or null when there is none. */
    BasicFileAttributes attributes(String name) throws IOException;

    /** Opens the directory {@code name}; a link there is refused, never followed. */
    OpenedDirectory directory(String name) throws IOException;

    /** Creates the directory {@code name} (owner-only) and opens it; refused when the name is taken. */
    OpenedDirectory newDirectory(String name) throws IOException;

    /** Returns the bytes of the regular file {@code name}; a link there is refused, never followed. */
    byte[] read(String name) throws IOException;

    /** Creates the file {@code name} (owner-only), refused when the name is taken, and opens it for writing. */
    FileChannel newFile(String name) throws IOException;

    /** Returns the POSIX view of the entry {@code name} (a link's own), or empty where there are no POSIX modes. */
    Optional<PosixFileAttributeView> posix(String name);

    /** Returns the names of the directory's entries, in no particular order. */
    List<String> names() throws IOException;

    /** Renames the entry {@code name} to {@code targetName} in {@code target} (this directory or another). */
    void move(String name, OpenedDirectory target, String targetName) throws IOException;

    /** Removes the file or link {@code name}. */
    void deleteFile(String name) throws IOException;

    /** Removes the empty directory {@code name}. */
    void deleteDirectory(String name) throws IOException;

    /** Flushes the directory's entries (creations, renames, removals) to the disk. */
    void sync() throws IOException;

    /** Removes the file or link {@code name} when there is one. */
    default void deleteIfExists(String name) throws IOException {
        try {
            deleteFile(name);
        } catch (NoSuchFileException none) {
            // nothing to remove
        }
    }

    /**
     * Removes the entry {@code name} and, when it is a directory, everything below it, depth-first; a link is removed
     * itself, never what it names.
     */
    default void deleteTree(String name) throws IOException {
        BasicFileAttributes attributes = attributes(name);
        if (attributes == null) {
            throw new NoSuchFileException(path().resolve(name).toString());
        }
        if (!attributes.isDirectory()) {
            deleteFile(name);
            return;
        }
        try (OpenedDirectory directory = directory(name)) {
            for (String child : directory.names()) {
                directory.deleteTree(child);
            }
        }
        deleteDirectory(name);
    }

    /** Opens the directory {@code name}, or returns empty when there is no directory of that name. */
    default Optional<OpenedDirectory> existingDirectory(String name) throws IOException {
        BasicFileAttributes attributes = attributes(name);
        return attributes != null && attributes.isDirectory() ? Optional.of(directory(name)) : Optional.empty();
    }

    /** Opens the directory {@code name}, creating it when there is nothing of that name. */
    default OpenedDirectory directoryMade(String name) throws IOException {
        return attributes(name) == null ? newDirectory(name) : directory(name);
    }

    /** Checks that {@code name} is one entry's name, so that nothing resolves it through another directory. */
    static String checkedName(String name) {
        if (name.isEmpty() || name.equals("..") || name.indexOf('/') >= 0) {
            throw new IllegalArgumentException("not the name of one entry: " + name);
        }
        return name;
    }
}

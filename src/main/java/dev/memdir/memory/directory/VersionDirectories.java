package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.Sha256;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Optional;

/**
 * The history's directories of versions, one per path: each named by the SHA-256 of its path, with a {@code path}
 * file naming it, so that the paths can be listed. Every directory is reached from the opened root, following no
 * link.
 */
final class VersionDirectories {

    private static final String PATH_FILE = "path";

    /** What is read from one path's directory of versions. */
    @FunctionalInterface
    interface VersionsRead<T> {
        T read(OpenedDirectory versions) throws IOException;
    }

    /** What is done with each path's directory of versions, named {@code name}. */
    @FunctionalInterface
    interface EachVersions {
        void visit(String name, OpenedDirectory versions) throws IOException;
    }

    private VersionDirectories() {}

    /** Opens {@code path}'s directory of versions in {@code history}, made with its {@code path} file if new. */
    static OpenedDirectory made(OpenedDirectory history, MemoryPath path) throws IOException {
        OpenedDirectory versions = history.directoryMade(name(path));
        if (versions.attributes(PATH_FILE) == null) {
            AtomicFiles.writeWithoutFlush(versions, PATH_FILE, key(path).getBytes(StandardCharsets.UTF_8));
        }
        return versions;
    }

    /** Reads {@code path}'s directory of versions; {@code none} when there is none. */
    static <T> T read(OpenedDirectory root, MemoryPath path, T none, VersionsRead<T> read) throws IOException {
        Optional<OpenedDirectory> found = root.existingDirectory(History.DIRECTORY);
        if (found.isEmpty()) {
            return none;
        }
        try (OpenedDirectory history = found.get()) {
            Optional<OpenedDirectory> versions = history.existingDirectory(name(path));
            if (versions.isEmpty()) {
                return none;
            }
            try (OpenedDirectory opened = versions.get()) {
                return read.read(opened);
            }
        }
    }

    /** Visits each path's directory of versions in the root's history, if it has one. */
    static void each(OpenedDirectory root, EachVersions visitor) throws IOException {
        Optional<OpenedDirectory> found = root.existingDirectory(History.DIRECTORY);
        if (found.isPresent()) {
            try (OpenedDirectory history = found.get()) {
                eachIn(history, visitor);
            }
        }
    }

    static void eachIn(OpenedDirectory history, EachVersions visitor) throws IOException {
        for (String name : history.names()) {
            Optional<OpenedDirectory> versions = history.existingDirectory(name);
            if (versions.isPresent()) {
                try (OpenedDirectory opened = versions.get()) {
                    visitor.visit(name, opened);
                }
            }
        }
    }

    /** Returns the path a directory of versions names, if its {@code path} file is there. */
    static Optional<MemoryPath> path(OpenedDirectory versions) throws IOException {
        BasicFileAttributes attributes = versions.attributes(PATH_FILE);
        if (attributes == null || !attributes.isRegularFile()) {
            return Optional.empty();
        }
        String key = new String(versions.read(PATH_FILE), StandardCharsets.UTF_8);
        return Optional.of(MemoryPath.of(List.of(key.split("/"))));
    }

    /** Returns the name of {@code path}'s directory of versions. */
    static String name(MemoryPath path) {
        return Sha256.hex(key(path).getBytes(StandardCharsets.UTF_8));
    }

    private static String key(MemoryPath path) {
        return String.join("/", path.segments());
    }
}

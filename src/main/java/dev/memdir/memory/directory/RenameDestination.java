package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryPath;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Optional;

/**
 * Where a rename took a file, kept beside the version kept before it: a {@code .to} file named as that version's
 * file (without {@code .redacted}), holding the new path below the root. Memdirs before this one neither write nor
 * read it, so their rename versions have no destination; a kill between the version and its {@code .to} file leaves
 * the version without one.
 */
final class RenameDestination {

    private static final String SUFFIX = ".to";

    private RenameDestination() {}

    /** Keeps {@code to} as where the rename kept as the version file {@code versionName} took its file. */
    static void write(OpenedDirectory versions, String versionName, MemoryPath to) throws IOException {
        AtomicFiles.writeWithoutFlush(versions, versionName + SUFFIX,
                String.join("/", to.segments()).getBytes(StandardCharsets.UTF_8));
    }

    /** Returns where the rename kept as {@code version} took its file, if that was kept. */
    static Optional<MemoryPath> read(OpenedDirectory versions, VersionFile version) throws IOException {
        BasicFileAttributes attributes = versions.attributes(version.unredactedName() + SUFFIX);
        if (attributes == null || !attributes.isRegularFile()) {
            return Optional.empty();
        }
        String key = new String(versions.read(version.unredactedName() + SUFFIX), StandardCharsets.UTF_8);
        return Optional.of(MemoryPath.of(List.of(key.split("/"))));
    }

    /** Deletes what is kept of where {@code version}'s rename took its file, as the version goes. */
    static void delete(OpenedDirectory versions, VersionFile version) throws IOException {
        versions.deleteIfExists(version.unredactedName() + SUFFIX);
    }
}

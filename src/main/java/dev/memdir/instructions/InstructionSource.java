package dev.memdir.instructions;

import java.io.IOException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a resolution may read: the host's file system (the local user's), or a memory's own files under
 * {@code /memories} (a principal's, which never reach the host). Every read of the {@code instructions} package goes
 * through here.
 */
public interface InstructionSource {

    /** What a path names. */
    enum Kind {
        FILE,
        DIRECTORY,
        /** A symbolic link, seen only when links are not followed. */
        LINK,
        OTHER
    }

    /** What a path names and its size in bytes. */
    record Attributes(Kind kind, long size) {}

    /** An entry of a directory, its kind seen without following a link. */
    record Child(Path path, Kind kind) {}

    /** Returns the host's file system, read as it is. */
    static InstructionSource host() {
        return HostFiles.INSTANCE;
    }

    /** Returns the directory a resolution may not leave, or empty when it may read anywhere. */
    Optional<Path> confinement();

    /** Returns what {@code path} names, or empty when nothing is there (or it cannot be read). */
    Optional<Attributes> attributes(Path path, LinkOption... options);

    /** Returns the entries of {@code directory}, in no particular order. */
    List<Child> children(Path directory) throws IOException;

    /** Returns the bytes of the file at {@code path}. */
    byte[] bytes(Path path) throws IOException;

    /** Returns the path with links resolved; fails when nothing is there. */
    Path realPath(Path path) throws IOException;

    /** Returns the state of {@code path} now: while it is unchanged, so is everything a resolution read there. */
    String state(Path path);

    /** Returns whether a resolution may look at {@code path} at all. */
    default boolean reaches(Path path) {
        return confinement().map(path.normalize()::startsWith).orElse(true);
    }
}

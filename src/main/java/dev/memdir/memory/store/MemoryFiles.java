package dev.memdir.memory.store;

import dev.memdir.memory.path.MemoryPath;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * A store's files as one unit of work sees them: everything the commands do to a memory goes through here. Paths
 * are parsed already; a path that would leave the memory through a symbolic link, at any position, fails every
 * method with {@link dev.memdir.memory.render.Messages#symlinkEscape()} and changes nothing. The writing methods
 * work only inside {@link MemoryStore#change}.
 */
public interface MemoryFiles {

    /** Returns what {@code path} names. */
    Entry entry(MemoryPath path) throws IOException, CommandException;

    /** Returns the bytes of the regular file at {@code path}; anything else there is a command error. */
    byte[] read(MemoryPath path) throws IOException, CommandException;

    /**
     * Tells the store that this unit is about to read the regular files at {@code paths}, so that a store whose
     * reads cross a network can fetch them together rather than one after another; reading is still by
     * {@link #read}. A store on a local disk ignores it.
     */
    default void prefetch(Collection<MemoryPath> paths) throws IOException {}

    /** Returns the listed entries below the directory {@code directory}, {@code depth} levels, pre-order by name. */
    List<ListedEntry> list(MemoryPath directory, int depth) throws IOException, CommandException;

    /** Returns every listed regular file of the memory, at any depth, in no particular order. */
    List<ListedFile> listedFiles() throws IOException;

    /**
     * Creates or replaces the file at {@code path} with {@code content}, whole or not at all: within the limits,
     * its missing parent directories made (and taken away again when the write fails), what it replaces kept in
     * the history first, as replaced by {@code operation}.
     */
    void write(MemoryPath path, byte[] content, FileVersion.Operation operation) throws IOException, CommandException;

    /** As {@link #write(MemoryPath, byte[], FileVersion.Operation)} by an edit or a create. */
    default void write(MemoryPath path, byte[] content) throws IOException, CommandException {
        write(path, content, FileVersion.Operation.WRITE);
    }

    /** Deletes the file, link or whole directory at {@code path}, keeping every file it held in the history. */
    void delete(MemoryPath path) throws IOException, CommandException;

    /**
     * Moves the entry at {@code from} to the free {@code to}, making {@code to}'s parents, keeping the history of
     * every file it held with where that file went.
     */
    void move(MemoryPath from, MemoryPath to) throws IOException, CommandException;

    /** Returns the kept versions of {@code path}, newest first. */
    List<FileVersion> versions(MemoryPath path) throws IOException;

    /** Returns the bytes of version {@code number} of {@code path}, or empty when it is not kept or redacted. */
    Optional<byte[]> version(MemoryPath path, int number) throws IOException;

    /**
     * Removes the content and the SHA-256 of the kept version {@code number} of {@code path} from the store, keeping
     * the version's other figures with who redacted it (the store's actor) and when; a version not kept changes
     * nothing.
     */
    void redact(MemoryPath path, int number) throws IOException;

    /** Returns every regular file of the memory at any depth, hidden ones included, memdir's own left out. */
    List<MemoryPath> allFiles() throws IOException;

    /** Returns every path the history holds versions of, files deleted since included, in no particular order. */
    List<MemoryPath> historyPaths() throws IOException;

    /** Returns the paths whose kept versions include a rename to {@code path}, in no particular order. */
    List<MemoryPath> renamedInto(MemoryPath path) throws IOException;

    /**
     * Keeps {@code version} of {@code path}, as another store kept it (its time, session, operation, redaction and
     * where a rename took the file), as the newest version of {@code path}; {@code content} is empty for a redacted
     * version.
     */
    void addVersion(MemoryPath path, FileVersion version, Optional<byte[]> content) throws IOException;
}

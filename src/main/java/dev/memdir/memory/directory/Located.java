package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.render.Messages;
import dev.memdir.memory.store.CommandException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a virtual path lands on disk: the deepest directory of the path that exists, opened from the root one name at
 * a time without following links, and the names below it. A link in the middle of the path stands for the directory
 * it names when its real path stays inside the root: that directory is opened again from the root by its real path,
 * still following no link, so a link swapped in meanwhile makes the walk fail instead of leaving the root. A link
 * that leaves the root (or dangles, or loops), anywhere in the path, is refused; a final link is seen as a link.
 * Closing it closes the directory it opened.
 */
final class Located implements Closeable {

    private final MemoryPath path;
    private final OpenedDirectory root;
    /** The directory that holds the name at {@link #depth}: the entry's parent when every directory above exists. */
    private final OpenedDirectory deepest;
    private final int depth;
    /** Whether the name at {@link #depth} is a regular file, so that nothing can exist below it. */
    private final boolean belowFile;

    private Located(MemoryPath path, OpenedDirectory root, OpenedDirectory deepest, int depth, boolean belowFile) {
        this.path = path;
        this.root = root;
        this.deepest = deepest;
        this.depth = depth;
        this.belowFile = belowFile;
    }

    /** Finds {@code path} below {@code root}, opened for the unit of work (its path is the root's real path). */
    static Located find(OpenedDirectory root, MemoryPath path) throws IOException, CommandException {
        List<String> segments = path.segments();
        OpenedDirectory current = root;
        try {
            for (int i = 0; i < segments.size(); i++) {
                String name = segments.get(i);
                boolean last = i == segments.size() - 1;
                OpenedDirectory next = null;
                // An entry that changes between its check and its opening is checked once more.
                for (int look = 1; next == null; look++) {
                    BasicFileAttributes attributes = current.attributes(name);
                    if (attributes == null || (last && !attributes.isSymbolicLink())) {
                        return new Located(path, root, current, i, false);
                    }
                    if (attributes.isSymbolicLink()) {
                        List<String> target = realTarget(root, current.path().resolve(name));
                        if (last) {
                            return new Located(path, root, current, i, false);
                        }
                        next = reopen(root, target);
                        if (next == null) {
                            throw new NotDirectoryException(name);
                        }
                    } else if (attributes.isRegularFile()) {
                        return new Located(path, root, current, i, true);
                    } else if (!attributes.isDirectory()) {
                        throw new NotDirectoryException(name);
                    } else {
                        next = openChanging(current, name, look);
                    }
                }
                release(current, root);
                current = next;
            }
            return new Located(path, root, current, 0, false);
        } catch (IOException | CommandException | RuntimeException e) {
            release(current, root);
            throw e;
        }
    }

    MemoryPath path() {
        return path;
    }

    /** Returns the entry's name in its parent ({@code .} for the root). */
    String name() {
        List<String> segments = path.segments();
        return segments.isEmpty() ? "." : segments.get(segments.size() - 1);
    }

    /** Returns the entry's attributes without following a link, or null when nothing is there. */
    BasicFileAttributes attributes() throws IOException {
        return hasParent() ? deepest.attributes(name()) : null;
    }

    boolean exists() throws IOException {
        return attributes() != null;
    }

    /** Returns the directory that holds the entry; fails when a directory above it is missing or a file. */
    OpenedDirectory parent() throws NoSuchFileException {
        if (!hasParent()) {
            throw new NoSuchFileException(path.display());
        }
        return deepest;
    }

    /** Returns the bytes of the entry, a regular file; a link is not followed. */
    byte[] bytes() throws IOException {
        return parent().read(name());
    }

    /** Opens the entry, a directory; a link is refused. */
    OpenedDirectory directory() throws IOException {
        return parent().directory(name());
    }

    /** Returns the deepest directory of the path that exists, opened. */
    OpenedDirectory deepest() {
        return deepest;
    }

    /** Returns the index of the first segment below {@link #deepest()}. */
    int depth() {
        return depth;
    }

    /** Whether the segment at {@link #depth()} is a regular file, so that nothing can exist below it. */
    boolean belowFile() {
        return belowFile;
    }

    @Override
    public void close() throws IOException {
        release(deepest, root);
    }

    private boolean hasParent() {
        return !belowFile && depth == Math.max(0, path.segments().size() - 1);
    }

    /** Opens {@code name}, a directory when it was checked; null when it changed meanwhile (fails the second time). */
    private static OpenedDirectory openChanging(OpenedDirectory current, String name, int look) throws IOException {
        try {
            return current.directory(name);
        } catch (FileSystemException changed) {
            if (look > 1) {
                throw changed;
            }
            return null;
        }
    }

    /** Returns the names of a link's real path below the root; refuses one that leaves the root, dangles or loops. */
    private static List<String> realTarget(OpenedDirectory root, Path link) throws CommandException {
        Path real;
        try {
            real = link.toRealPath();
        } catch (IOException danglingOrLooping) {
            throw new CommandException(Messages.symlinkEscape());
        }
        if (!real.startsWith(root.path())) {
            throw new CommandException(Messages.symlinkEscape());
        }
        List<String> names = new ArrayList<>();
        for (Path name : root.path().relativize(real)) {
            if (!name.toString().isEmpty()) {
                names.add(name.toString());
            }
        }
        return names;
    }

    /**
     * Opens the directory at {@code names} below the root, following no link; returns null when the last name is a
     * file. A walk that fails (something there changed since the link was read) is refused like a link that leaves.
     */
    private static OpenedDirectory reopen(OpenedDirectory root, List<String> names)
            throws IOException, CommandException {
        OpenedDirectory current = root.directory(".");
        try {
            for (int i = 0; i < names.size(); i++) {
                BasicFileAttributes attributes = current.attributes(names.get(i));
                boolean last = i == names.size() - 1;
                if (last && attributes != null && !attributes.isDirectory() && !attributes.isSymbolicLink()) {
                    current.close();
                    return null;
                }
                if (attributes == null || !attributes.isDirectory()) {
                    throw new CommandException(Messages.symlinkEscape());
                }
                OpenedDirectory next = current.directory(names.get(i));
                current.close();
                current = next;
            }
            return current;
        } catch (FileSystemException changed) {
            current.close();
            throw new CommandException(Messages.symlinkEscape());
        } catch (IOException | CommandException | RuntimeException e) {
            current.close();
            throw e;
        }
    }

    private static void release(OpenedDirectory directory, OpenedDirectory root) throws IOException {
        if (directory != root) {
            directory.close();
        }
    }
}

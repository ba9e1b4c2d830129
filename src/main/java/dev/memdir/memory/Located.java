package dev.memdir.memory;

import dev.memdir.memory.path.MemoryPath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A virtual path and the place on disk it names, after the symlink checks. Nothing here follows
 * a final symbolic link: a link is seen as a link.
 *
 * @param belowFile whether an ancestor is a regular file, so that nothing can exist here
 */
record Located(MemoryPath path, Path disk, boolean belowFile) {

    Located(MemoryPath path, Path disk) {
        this(path, disk, false);
    }

    /** Returns the entry's attributes without following a link, or null when nothing is there. */
    BasicFileAttributes attributes() throws IOException {
        if (belowFile) {
            return null;
        }
        try {
            return Files.readAttributes(disk, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    boolean exists() throws IOException {
        return attributes() != null;
    }

    String display() {
        return path.display();
    }
}

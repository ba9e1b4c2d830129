package dev.memdir.memory.directory;

import dev.memdir.memory.store.ContentSeal;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The size memdir shows, records and counts of an entry of a root: a regular file's plain content size (what is on
 * disk less what sealing adds, never below 0), any other entry's own size.
 */
final class PlainSize {

    private PlainSize() {}

    static long of(BasicFileAttributes attributes, ContentSeal seal) {
        return attributes.isRegularFile() ? Math.max(0, attributes.size() - seal.overhead()) : attributes.size();
    }
}

package dev.memdir.memory.directory;

import java.io.IOException;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * What earlier processes left in a root that must not stay, cleared in one walk of every file as a store opens (under
 * the root lock): the temp files a killed writer left anywhere, the empty temp directories in the root that new
 * directories are made in, and the SHA-256 that earlier memdirs kept of redacted versions.
 */
final class Leftovers {

    private Leftovers() {}

    static void clear(OpenedDirectory root) throws IOException {
        MemoryFileWalk.everything(root, (parent, segments, attributes) -> {
            String name = segments.get(segments.size() - 1);
            if (name.startsWith(AtomicFiles.TEMP_PREFIX)) {
                parent.deleteIfExists(name);
            } else if (segments.size() == 3 && segments.get(0).equals(History.DIRECTORY)
                    && name.endsWith(RedactedFigures.SUFFIX)) {
                RedactedFigures.forgetHash(parent, name);
            }
        });
        for (String name : root.names()) {
            BasicFileAttributes attributes = name.startsWith(AtomicFiles.TEMP_PREFIX) ? root.attributes(name) : null;
            if (attributes != null && attributes.isDirectory()) {
                try {
                    root.deleteDirectory(name);
                } catch (IOException goneOrNotEmpty) {
                    // another process's, in use
                }
            }
        }
    }
}

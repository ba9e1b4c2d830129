package dev.memdir.memory;

import dev.memdir.memory.path.MemoryNames;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** Crash-safe file replacement: a hidden temp file in the same directory, fsync, rename, fsync the directory. */
final class AtomicFiles {

    static final String TEMP_PREFIX = MemoryNames.RESERVED_PREFIX + "-tmp-";

    private AtomicFiles() {}

    /** Replaces (or creates) {@code target} with {@code content}; a crash leaves the old or the new bytes. */
    static void write(Path target, byte[] content) throws IOException {
        write(target, content, true);
    }

    /**
     * As {@link #write(Path, byte[])}, but without flushing to the disk: a killed process still leaves the old or
     * the new bytes (the kernel keeps what was written), a lost machine may not. For history versions, whose two
     * flushes would double the time of every edit.
     */
    static void writeWithoutFlush(Path target, byte[] content) throws IOException {
        write(target, content, false);
    }

    /**
     * As {@link #write(Path, byte[])}, but the file is owner-only whatever mode the old one had: for files of
     * memdir's own that guard something (the token hashes).
     */
    static void writePrivate(Path target, byte[] content) throws IOException {
        write(target, content, true, false);
    }

    private static void write(Path target, byte[] content, boolean flush) throws IOException {
        write(target, content, flush, true);
    }

    private static void write(Path target, byte[] content, boolean flush, boolean keepMode) throws IOException {
        Path directory = target.getParent();
        // CREATE_NEW refuses a name in use, so the name needs no secure randomness (SecureRandom's first use
        // costs tens of milliseconds).
        ThreadLocalRandom random = ThreadLocalRandom.current();
        Path temp = directory.resolve(TEMP_PREFIX + new UUID(random.nextLong(), random.nextLong()));
        try {
            try (FileChannel channel = FileChannel.open(temp,
                    FilePermissions.createOptions(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    FilePermissions.privateFile(temp))) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                if (flush) {
                    channel.force(true);
                }
            }
            if (keepMode) {
                keepModeOf(target, temp);
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        if (flush) {
            syncDirectory(directory);
        }
    }

    /** Flushes a directory's entries (renames, creations, deletions) to disk. */
    static void syncDirectory(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    /** Removes temp files that a killed process left anywhere below {@code root}. */
    static void removeStrayTempFiles(Path root) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (attrs.isRegularFile() && file.getFileName().toString().startsWith(TEMP_PREFIX)) {
                    Files.deleteIfExists(file);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException exc) {
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static void keepModeOf(Path existing, Path replacement) throws IOException {
        if (!FilePermissions.isPosix(existing) || !Files.isRegularFile(existing, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(existing, LinkOption.NOFOLLOW_LINKS);
        Files.setPosixFilePermissions(replacement, mode);
    }
}

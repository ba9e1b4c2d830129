package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryNames;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Crash-safe file replacement: a hidden temp file in the same directory, fsync, rename, fsync the directory; each
 * step relative to the opened directory, so none of them can land anywhere else.
 */
final class AtomicFiles {

    static final String TEMP_PREFIX = MemoryNames.RESERVED_PREFIX + "-tmp-";

    private AtomicFiles() {}

    /** Replaces (or creates) {@code name} in {@code directory}; a crash leaves the old or the new bytes. */
    static void write(OpenedDirectory directory, String name, byte[] content) throws IOException {
        write(directory, name, content, true);
    }

    /**
     * As {@link #write}, but without flushing to the disk: a killed process still leaves the old or the new bytes
     * (the kernel keeps what was written), a lost machine may not. For history versions, whose two flushes would
     * double the time of every edit.
     */
    static void writeWithoutFlush(OpenedDirectory directory, String name, byte[] content) throws IOException {
        write(directory, name, content, false);
    }

    /**
     * As {@link #write}, but the file is owner-only whatever mode the old one had: for files of memdir's own that
     * guard something (the token hashes).
     */
    static void writePrivate(OpenedDirectory directory, String name, byte[] content) throws IOException {
        write(directory, name, content, true, false);
    }

    /** Returns a fresh temp name. */
    static String tempName() {
        // Creating refuses a name in use, so the name needs no secure randomness (SecureRandom's first use costs
        // tens of milliseconds).
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return TEMP_PREFIX + new UUID(random.nextLong(), random.nextLong());
    }

    private static void write(OpenedDirectory directory, String name, byte[] content, boolean flush)
            throws IOException {
        write(directory, name, content, flush, true);
    }

    private static void write(OpenedDirectory directory, String name, byte[] content, boolean flush,
            boolean keepMode) throws IOException {
        String temp = tempName();
        try {
            try (FileChannel channel = directory.newFile(temp)) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                if (flush) {
                    channel.force(true);
                }
            }
            if (keepMode) {
                keepModeOf(directory, name, temp);
            }
            directory.move(temp, directory, name);
        } catch (IOException | RuntimeException e) {
            try {
                directory.deleteIfExists(temp);
            } catch (IOException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            throw e;
        }
        if (flush) {
            directory.sync();
        }
    }

    private static void keepModeOf(OpenedDirectory directory, String existing, String replacement) throws IOException {
        BasicFileAttributes attributes = directory.attributes(existing);
        if (attributes == null || !attributes.isRegularFile()) {
            return;
        }
        Optional<PosixFileAttributeView> from = directory.posix(existing);
        Optional<PosixFileAttributeView> to = directory.posix(replacement);
        if (from.isPresent() && to.isPresent()) {
            to.get().setPermissions(from.get().readAttributes().permissions());
        }
    }
}

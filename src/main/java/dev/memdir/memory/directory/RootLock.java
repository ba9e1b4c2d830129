package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.store.CommandException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The one lock every change to a root takes: an in-process lock, one per root for the whole JVM (a JVM may hold
 * only one {@link FileLock} per file, however many channels it opens: a store and the token file of one root
 * each have a RootLock), and an OS lock on a hidden file that every memdir process respects.
 */
final class RootLock implements Closeable {

    static final String FILE_NAME = MemoryNames.RESERVED_PREFIX + ".lock";

    private static final Map<Path, ReentrantLock> LOCAL = new ConcurrentHashMap<>();

    private final ReentrantLock local;
    private final FileChannel channel;

    /** The lock of {@code root}, a real path. */
    RootLock(Path root) throws IOException {
        this.local = LOCAL.computeIfAbsent(root, any -> new ReentrantLock());
        Path file = root.resolve(FILE_NAME);
        // A link there (planted by someone who can write the root) is refused, never followed to a file elsewhere.
        this.channel = FileChannel.open(file, FilePermissions.createOptions(StandardOpenOption.CREATE,
                StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), FilePermissions.privateFile(file));
    }

    /** What runs while the lock is held. */
    @FunctionalInterface
    interface Locked<T> {
        T run() throws IOException, CommandException;
    }

    <T> T holding(Locked<T> action) throws IOException, CommandException {
        local.lock();
        try (FileLock ignored = channel.lock()) {
            return action.run();
        } finally {
            local.unlock();
        }
    }

    /**
     * Closes the lock file under the in-process lock: closing any descriptor of a file ends every lock this process
     * holds on it (POSIX), so a close while another RootLock of the root holds it would free the root for others.
     */
    @Override
    public void close() throws IOException {
        local.lock();
        try {
            channel.close();
        } finally {
            local.unlock();
        }
    }
}

package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.store.MemoryChanges;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches a memory root and everything below it, and reports which entries changed, whoever changed
 * them: this process, another memdir, or an editor. Changes are gathered for a moment and reported
 * together, so one atomic write (temp file, rename) is one report; under steady writes a report still goes out at
 * least every {@value #LONGEST_GATHER_MILLIS} ms, so listeners are not kept waiting until the writes stop.
 */
final class RootWatcher implements Closeable {

    private static final Logger log = LoggerFactory.getLogger(RootWatcher.class);
    private static final long SETTLE_MILLIS = 50;
    private static final long LONGEST_GATHER_MILLIS = 250;

    private final Path root;
    private final WatchService service;
    private final Consumer<MemoryChanges> listener;
    private final Thread thread;

    private RootWatcher(Path root, WatchService service, Consumer<MemoryChanges> listener) {
        this.root = root;
        this.service = service;
        this.listener = listener;
        this.thread = new Thread(this::run, "memdir-watch");
        this.thread.setDaemon(true);
    }

    /** Starts watching {@code root}; {@code listener} gets the changed paths, relative to the root. */
    static RootWatcher start(Path root, Consumer<MemoryChanges> listener) throws IOException {
        RootWatcher watcher = new RootWatcher(root, root.getFileSystem().newWatchService(), listener);
        watcher.registerTree(root, file -> { });
        watcher.thread.start();
        return watcher;
    }

    private void run() {
        try {
            while (true) {
                WatchKey first = service.take();
                Set<String> changed = new HashSet<>();
                boolean overflowed = drain(first, changed);
                long reportBy = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LONGEST_GATHER_MILLIS);
                for (WatchKey next = service.poll(SETTLE_MILLIS, TimeUnit.MILLISECONDS); next != null;
                        next = service.poll(SETTLE_MILLIS, TimeUnit.MILLISECONDS)) {
                    overflowed |= drain(next, changed);
                    if (System.nanoTime() - reportBy >= 0) {
                        break;
                    }
                }
                if (overflowed) {
                    listener.accept(MemoryChanges.EVERYTHING);
                } else if (!changed.isEmpty()) {
                    listener.accept(MemoryChanges.of(changed));
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException stopped) {
            // close() was called
        }
    }

    /** Adds the changes {@code key} holds to {@code changed}; returns whether some were lost. */
    private boolean drain(WatchKey key, Set<String> changed) {
        Path directory = (Path) key.watchable();
        boolean overflowed = false;
        for (WatchEvent<?> event : key.pollEvents()) {
            if (event.kind() == StandardWatchEventKinds.OVERFLOW) {
                overflowed = true;
                continue;
            }
            Path name = (Path) event.context();
            if (MemoryNames.reserved(name.toString())) {
                continue;
            }
            Path child = directory.resolve(name);
            changed.add(relative(child));
            if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE && Files.isDirectory(child)) {
                // Files made in it before its watch began send no event of their own: report them by name.
                registerQuietly(child, file -> changed.add(relative(file)));
            }
        }
        key.reset();
        return overflowed;
    }

    private String relative(Path child) {
        return root.relativize(child).toString().replace(child.getFileSystem().getSeparator(), "/");
    }

    private void registerQuietly(Path directory, Consumer<Path> found) {
        try {
            registerTree(directory, found);
        } catch (IOException e) {
            log.warn("Cannot watch {}: {}", directory, e.getMessage());
        }
    }

    /**
     * Watches {@code top} and every directory below it. A directory that cannot be watched (unreadable, or the
     * system's limit of watches reached) is logged and skipped: updates from it are lost, the server is not.
     * {@code found} hears each file already there.
     */
    private void registerTree(Path top, Consumer<Path> found) throws IOException {
        Files.walkFileTree(top, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attrs) {
                if (!directory.equals(top) && MemoryNames.reserved(directory.getFileName().toString())) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                try {
                    directory.register(service, StandardWatchEventKinds.ENTRY_CREATE,
                            StandardWatchEventKinds.ENTRY_DELETE, StandardWatchEventKinds.ENTRY_MODIFY);
                } catch (IOException e) {
                    log.warn("Cannot watch {} for changes: {}", directory, e.getMessage());
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (!MemoryNames.reserved(file.getFileName().toString())) {
                    found.accept(file);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE;
            }
        });
    }

    @Override
    public void close() throws IOException {
        service.close();
        thread.interrupt();
    }
}

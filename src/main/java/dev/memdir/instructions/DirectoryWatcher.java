package dev.memdir.instructions;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches a changing set of directories (not their subdirectories) and runs an action after any change
 * in them settles. A path that does not exist yet is watched through its nearest existing ancestor, so
 * that its creation is seen.
 */
final class DirectoryWatcher implements Closeable {

    private static final Logger log = LoggerFactory.getLogger(DirectoryWatcher.class);
    private static final long SETTLE_MILLIS = 50;

    private final WatchService service;
    private final Runnable onChange;
    private final Map<Path, WatchKey> keys = new HashMap<>();
    private final Thread thread;

    DirectoryWatcher(Runnable onChange) throws IOException {
        this.service = FileSystems.getDefault().newWatchService();
        this.onChange = onChange;
        this.thread = new Thread(this::run, "memdir-instructions-watch");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /** Watches the directories that hold (or would hold) {@code paths}, and stops watching the others. */
    synchronized void watch(Set<Path> paths) {
        Map<Path, Boolean> wanted = new HashMap<>();
        for (Path path : paths) {
            Path directory = Files.isDirectory(path) ? path : existingAncestor(path.getParent());
            if (directory != null) {
                wanted.put(directory, true);
            }
        }
        keys.entrySet().removeIf(entry -> {
            if (!wanted.containsKey(entry.getKey())) {
                entry.getValue().cancel();
                return true;
            }
            return false;
        });
        for (Path directory : wanted.keySet()) {
            if (!keys.containsKey(directory)) {
                try {
                    keys.put(directory, directory.register(service, StandardWatchEventKinds.ENTRY_CREATE,
                            StandardWatchEventKinds.ENTRY_DELETE, StandardWatchEventKinds.ENTRY_MODIFY));
                } catch (IOException e) {
                    log.debug("Cannot watch {}: {}", directory, e.getMessage());
                }
            }
        }
    }

    private static Path existingAncestor(Path path) {
        for (Path current = path; current != null; current = current.getParent()) {
            if (Files.isDirectory(current)) {
                return current;
            }
        }
        return null;
    }

    private void run() {
        try {
            while (true) {
                settle(service.take());
                onChange.run();
            }
        } catch (InterruptedException | ClosedWatchServiceException stopped) {
            // close() was called
        }
    }

    private void settle(WatchKey first) throws InterruptedException {
        for (WatchKey key = first; key != null; key = service.poll(SETTLE_MILLIS, TimeUnit.MILLISECONDS)) {
            key.pollEvents();
            key.reset();
        }
    }

    @Override
    public void close() throws IOException {
        service.close();
        thread.interrupt();
    }
}

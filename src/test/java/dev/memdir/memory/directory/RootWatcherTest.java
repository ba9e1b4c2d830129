package dev.memdir.memory.directory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.store.MemoryChanges;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the directory store's watcher reports of changes made on disk by another process or an editor. */
class RootWatcherTest {

    @TempDir Path temp;

    @Test
    void aDirectoryMovedInWithFiles_reportsEachFileByName_thoughTheyMadeNoEventOfTheirOwn() throws Exception {
        Path root = Files.createDirectories(temp.resolve("memories"));
        Path made = Files.createDirectories(temp.resolve("elsewhere/topics/deep"));
        Files.writeString(made.resolve("../first.md"), "one\n");
        Files.writeString(made.resolve("second.md"), "two\n");
        LinkedBlockingQueue<MemoryChanges> reports = new LinkedBlockingQueue<>();
        Set<String> reported = new HashSet<>();

        try (RootWatcher watcher = RootWatcher.start(root, reports::add)) {
            Files.move(temp.resolve("elsewhere/topics"), root.resolve("topics"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!reported.containsAll(Set.of("topics/first.md", "topics/deep/second.md"))
                    && System.nanoTime() < deadline) {
                MemoryChanges changes = reports.poll(100, TimeUnit.MILLISECONDS);
                if (changes != null) {
                    assertThat(changes.everything()).isFalse();
                    reported.addAll(changes.paths());
                }
            }
        }

        assertThat(reported).contains("topics", "topics/first.md", "topics/deep/second.md");
    }
}

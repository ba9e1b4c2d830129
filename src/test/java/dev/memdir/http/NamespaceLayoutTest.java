package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.index.IndexBudget;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The nested layout of earlier memdirs ({@code team/backend} inside {@code team}) moved to one directory per
 * namespace: every namespace's files, history and ledger byte for byte where its new directory is, the directories
 * that were no namespace gone, again after a crash part-way, once when two start together, never over another.
 */
class NamespaceLayoutTest {

    /** The old layout's namespaces: nested three deep, beside a plain directory, below directories that were none. */
    private static final List<String> NAMESPACES = List.of("team", "team/backend", "team/backend/v2", "user/alice",
            "user/bob", "proj/sub/deep");

    @TempDir
    Path temp;

    private Path root;
    private Path area;
    /** What each namespace held before the move: its directory's entries, the nested namespaces left out. */
    private Map<String, Map<String, String>> before;

    @BeforeEach
    void oldLayout() throws Exception {
        root = temp.resolve("memory");
        area = root.resolve(".memdir-namespaces");
        for (String namespace : NAMESPACES) {
            try (DirectoryStore store = DirectoryStore.open(DirectoryOptions.of(area.resolve(namespace),
                    StoreLimits.perFile(1 << 20), namespace.replace('/', '-')))) {
                MemoryTool tool = new MemoryTool(store, new FrontmatterStamper(Clock.systemUTC(), "test"), false,
                        IndexBudget.DEFAULT);
                tool.call("create", Map.of("path", "/memories/MEMORY.md", "file_text", "- " + namespace + "\n"));
                tool.call("create", Map.of("path", "/memories/notes/plan.md", "file_text", namespace + " v1\n"));
                tool.call("str_replace", Map.of("path", "/memories/notes/plan.md", "old_str", "v1", "new_str", "v2"));
            }
        }
        before = new LinkedHashMap<>();
        for (String namespace : NAMESPACES) {
            before.put(namespace, ownEntries(area.resolve(namespace)));
        }
        assertThat(before.get("team")).as("team's own files, history and ledger")
                .containsKeys("MEMORY.md", "notes/plan.md", ".memdir-usage", ".memdir.lock")
                .doesNotContainKey("backend/MEMORY.md");
        assertThat(before.get("team").keySet()).as("team's history")
                .anyMatch(key -> key.startsWith(".memdir-history/"));
    }

    @Test
    void everyNamespaceMovesToItsOwnDirectory_byteForByte() throws Exception {
        NamespaceLayout.flatten(root);

        assertFlat();
    }

    private void assertFlat() throws IOException {
        try (var listed = Files.list(area)) {
            assertThat(listed.map(entry -> entry.getFileName().toString()).sorted())
                    .containsExactly(".memdir-layout", ".memdir.lock", "proj+sub+deep", "team", "team+backend",
                            "team+backend+v2", "user+alice", "user+bob");
        }
        for (String namespace : NAMESPACES) {
            Path directory = area.resolve(namespace.replace('/', '+'));
            Map<String, String> after = ownEntries(directory);
            assertThat(after.remove(".memdir-namespace")).as(namespace + "'s record")
                    .isEqualTo(describe(namespace + "\n"));
            assertThat(after).as(namespace).isEqualTo(before.get(namespace));
            try (DirectoryStore store = DirectoryStore.open(DirectoryOptions.of(directory, StoreLimits.perFile(1 << 20),
                    "after"))) {
                assertThat(store.readText(MemoryPath.of(List.of("notes", "plan.md")))).hasValue(namespace + " v2\n");
                assertThat(store.versions(MemoryPath.of(List.of("notes", "plan.md")))).hasSize(1);
            }
        }
        assertThat(area.resolve("team/notes")).as("team's own directory").isDirectory();
        assertThat(area.resolve("team/backend")).doesNotExist();
    }

    @Test
    void aSecondRun_changesNothing() throws Exception {
        NamespaceLayout.flatten(root);
        Map<String, String> flat = entries(area);

        NamespaceLayout.flatten(root);

        assertThat(entries(area)).isEqualTo(flat);
    }

    /** Once the layout is recorded flat, a start walks nothing: a later start costs one read. */
    @Test
    void aRecordedFlatLayout_isNotWalkedAgain() throws Exception {
        NamespaceLayout.flatten(root);
        try (DirectoryStore store = DirectoryStore.open(DirectoryOptions.of(area.resolve("team/late"),
                StoreLimits.perFile(1 << 20), "late"))) {
            assertThat(store.root()).exists();
        }

        NamespaceLayout.flatten(root);

        assertThat(area.resolve("team/late")).isDirectory();
        assertThat(area.resolve("team+late")).doesNotExist();
    }

    /**
     * What a crash part-way leaves: a namespace recorded but not yet moved, another moved with the directory above it
     * not yet removed, no layout record. The next run goes on to the same end.
     */
    @Test
    void afterACrashPartWay_theNextRunEndsTheMove() throws Exception {
        NamespaceDirectories.claim(area.resolve("team/backend/v2"), "team/backend/v2");
        NamespaceDirectories.claim(area.resolve("user/alice"), "user/alice");
        Files.move(area.resolve("user/alice"), area.resolve("user+alice"), StandardCopyOption.ATOMIC_MOVE);
        NamespaceDirectories.claim(area.resolve("proj/sub/deep"), "proj/sub/deep");
        Files.move(area.resolve("proj/sub/deep"), area.resolve("proj+sub+deep"), StandardCopyOption.ATOMIC_MOVE);

        NamespaceLayout.flatten(root);

        assertFlat();
    }

    @Test
    void twoStartingAtOnce_moveEachNamespaceOnce() throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<CompletableFuture<Void>> runs = List.of(1, 2).stream().map(run -> CompletableFuture.runAsync(() -> {
            try {
                start.await();
                NamespaceLayout.flatten(root);
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        })).toList();

        start.countDown();
        CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);

        assertFlat();
    }

    /** The namespace's new directory there already (an older memdir run after this one): nothing moves over it. */
    @Test
    void aNamespaceWhoseNewDirectoryExists_stopsTheMove_losingNothing() throws Exception {
        Files.createDirectories(area.resolve("team+backend"));
        Files.writeString(area.resolve("team+backend/kept.md"), "kept\n");

        assertThatThrownBy(() -> NamespaceLayout.flatten(root)).isInstanceOf(IOException.class)
                .hasMessage("cannot move namespace team/backend from " + area.resolve("team/backend") + " to "
                        + area.resolve("team+backend") + ", which exists already (was an older memdir run after this"
                        + " one?); move one of them aside by hand, or merge them");

        Map<String, String> now = entries(area);
        assertThat(now).as("the deeper namespace moved, the one in the way kept")
                .containsEntry("team+backend/kept.md", describe("kept\n"))
                .containsKey("team+backend+v2/MEMORY.md")
                .doesNotContainKeys("team+backend/MEMORY.md", ".memdir-layout");
        before.get("team/backend").forEach((entry, content) -> assertThat(now)
                .containsEntry("team/backend/" + entry.replaceAll("^/$", ""), content));
    }

    /** Every entry below {@code top} by relative path: a directory as such, a file by its bytes. */
    private static Map<String, String> entries(Path top) throws IOException {
        return entries(top, directory -> false);
    }

    /** The entries of the namespace whose directory {@code top} is, those of namespaces nested in it left out. */
    private static Map<String, String> ownEntries(Path top) throws IOException {
        return entries(top, directory -> NAMESPACES.stream().anyMatch(directory::endsWith));
    }

    private static Map<String, String> entries(Path top, Predicate<Path> nested) throws IOException {
        Map<String, String> entries = new TreeMap<>();
        Files.walkFileTree(top, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
                if (!directory.equals(top) && nested.test(directory)) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                entries.put(top.relativize(directory) + "/", "directory");
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                entries.put(top.relativize(file).toString(), describe(Files.readAllBytes(file)));
                return FileVisitResult.CONTINUE;
            }
        });
        return entries;
    }

    private static String describe(String content) {
        return describe(content.getBytes(StandardCharsets.US_ASCII));
    }

    private static String describe(byte[] content) {
        return "file " + Base64.getEncoder().encodeToString(content);
    }
}

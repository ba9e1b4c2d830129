package dev.memdir.memory;

import static dev.memdir.memory.HostilePaths.call;
import static dev.memdir.memory.HostilePaths.corpus;
import static dev.memdir.memory.HostilePaths.create;
import static dev.memdir.memory.HostilePaths.escaped;
import static dev.memdir.memory.HostilePaths.everyCommandOn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.memdir.index.IndexBudget;
import dev.memdir.memory.HostilePaths.Call;
import dev.memdir.memory.HostilePaths.Hostile;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Path safety through the public tool surface: the corpus of hostile paths ({@link HostilePaths}), each sent to
 * every path field of every command, must come back with its exact error text and leave the disk, inside the root
 * and around it, exactly as it was. The three message forms are those of "Path safety" in the memory tool spec; the
 * {@code {reason}} of {@code Error: Invalid path {path}: {reason}}, which the spec leaves open, is the one
 * {@code MemoryPathParser} gives, and so is the choice to report encoded {@code .}, {@code /} and {@code \}
 * as traversal.
 *
 * <p>Layout of every test: {@code box/memories} is the root; {@code box/outside}, {@code box/memories-evil}
 * (a sibling whose name shares the root's prefix) and {@code box/victim.txt} lie next to it. The box sits
 * {@value #BOX_DEPTH} levels below the test's temp dir so that, should the parser ever let {@code ..} through,
 * the deepest climb in the corpus (checked by {@link #corpus_neverClimbsOutOfTheTempDir}) still lands inside
 * the temp dir: a regression must fail this suite, not delete the host's {@code /tmp}. For the same reason each
 * hostile path is first sent to {@code view}, and only when that is refused as expected to the writing commands.
 */
class HostilePathsTest {

    private static final String ESCAPE_VIA_SYMLINK = "Error: Path would escape /memories directory via symlink";
    private static final String SECRET = "secret: do not touch\n";
    private static final String USAGE_LEDGER = ".memdir-usage";
    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

    /** How many directories separate the temp dir from the box that holds the root and its neighbours. */
    static final int BOX_DEPTH = 3;

    @TempDir
    Path temp;

    private Path box;
    private Path root;
    private DirectoryStore store;
    private MemoryTool tool;
    private Map<String, String> outsideBefore;
    private Map<String, String> rootBefore;

    @BeforeEach
    void createRootAndItsNeighbours() throws IOException {
        box = temp.resolve("jail/cell/box");
        root = box.resolve("memories");
        Files.createDirectories(root.resolve("dir"));
        Files.writeString(root.resolve("keep.txt"), "keep: secret\n");
        Files.writeString(root.resolve("dir/note.txt"), "note: secret\n");
        Files.createDirectories(box.resolve("outside/sub"));
        Files.writeString(box.resolve("outside/secret.txt"), SECRET);
        Files.writeString(box.resolve("outside/sub/x"), SECRET);
        Files.createDirectories(box.resolve("memories-evil"));
        Files.writeString(box.resolve("memories-evil/loot.txt"), SECRET);
        Files.writeString(box.resolve("victim.txt"), SECRET);
        store = DirectoryStore.open(DirectoryOptions.of(root, StoreLimits.perFile(100 * 1024), MemoryFixture.SESSION));
        tool = new MemoryTool(store, MemoryFixture.stamper(), false, IndexBudget.DEFAULT);
        takeSnapshots();
    }

    @AfterEach
    void closeStore() throws IOException {
        store.close();
    }

    // ---- the corpus

    @Test
    void corpus_holdsOverOneHundredDistinctPaths() {
        List<String> paths = corpus().map(Hostile::path).collect(Collectors.toList());
        assertThat(paths).doesNotHaveDuplicates().hasSizeGreaterThanOrEqualTo(100);
    }

    /**
     * Returns how many levels above the root a path would reach if {@code ..}, the escapes of {@code .},
     * {@code /} and {@code \\}, and backslashes were all honoured, for the prefix-less paths too.
     */
    static int climb(String path) {
        String rest = path.startsWith("/memories") ? path.substring("/memories".length()) : path;
        String decoded = rest.replaceAll("(?i)%2e", ".").replaceAll("(?i)%2f|%5c|\\\\", "/");
        int depth = 0;
        int lowest = 0;
        for (String segment : decoded.split("/")) {
            if (segment.equals("..")) {
                lowest = Math.min(lowest, --depth);
            } else if (!segment.isEmpty() && !segment.equals(".")) {
                depth++;
            }
        }
        return -lowest;
    }

    @Test
    void corpus_neverClimbsOutOfTheTempDir() {
        assertThat(climb("/memories/a/../../..")).isEqualTo(2);
        assertThat(climb("/memories/%2E%2e%5c..")).isEqualTo(2);
        assertThat(corpus().mapToInt(hostile -> climb(hostile.path())).max().orElse(0))
                .as("root's ancestors inside the temp dir").isLessThanOrEqualTo(BOX_DEPTH);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("dev.memdir.memory.HostilePaths#corpus")
    void hostilePath_everyPathFieldOfEveryCommandRejectsItAndNothingChanges(Hostile hostile) throws IOException {
        SoftAssertions softly = new SoftAssertions();
        sendEverywhere(hostile, softly);
        softly.assertAll();
        assertNothingChanged();
    }

    @Test
    void wholeCorpusAgainstOneStore_changesNothingAndALegalCreateAddsOnlyItsFile() throws IOException {
        SoftAssertions softly = new SoftAssertions();
        corpus().forEach(hostile -> sendEverywhere(hostile, softly));
        softly.assertAll();
        assertNothingChanged();

        assertThat(outcome(create("/memories/legal.txt", "fine\n")))
                .isEqualTo("succeeded: File created successfully at: /memories/legal.txt");

        assertThat(snapshot(temp, root)).isEqualTo(outsideBefore);
        assertThat(snapshot(root, null).keySet()).isEqualTo(plus(rootBefore.keySet(), "legal.txt"));
        assertThat(Files.readString(root.resolve("legal.txt"))).isEqualTo("fine\n");
    }

    /** Names close to the limits, or odd but harmless, are accepted and land inside the root under their own name. */
    static Stream<String> legalNearMisses() {
        return Stream.of(
                "/memories/" + "a".repeat(255),
                "/memories/" + "\u20ac".repeat(85),
                "/memories/" + "a".repeat(200) + "/" + "a".repeat(200) + "/" + "a".repeat(200) + "/"
                        + "a".repeat(200) + "/" + "a".repeat(200) + "/" + "b".repeat(9),
                "/memories/...",
                "/memories/..a",
                "/memories/a..b",
                "/memories/.hidden",
                "/memories/.memdi",
                "/memories/memdir.lock",
                "/memories/100%25",
                "/memories/a%20b",
                "/memories/a b",
                "/memories/\u65e5\u672c\u8a9e.md");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("legalNearMisses")
    void legalNearMiss_isCreatedInsideTheRootOnly(String path) throws IOException {
        assertThat(path.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(1024);

        assertThat(outcome(create(path, "legal\n"))).isEqualTo("succeeded: File created successfully at: " + path);

        String relative = path.substring("/memories/".length());
        assertThat(Files.readString(root.resolve(relative))).isEqualTo("legal\n");
        Set<String> expected = new TreeSet<>(rootBefore.keySet());
        for (int slash = relative.indexOf('/'); slash >= 0; slash = relative.indexOf('/', slash + 1)) {
            expected.add(relative.substring(0, slash));
        }
        expected.add(relative);
        assertThat(snapshot(root, null).keySet()).isEqualTo(expected);
        assertThat(snapshot(temp, root)).isEqualTo(outsideBefore);
    }

    @Test
    void hardLinkToOutsideFile_editsAndDeleteReplaceOnlyTheEntryInsideTheRoot() throws IOException {
        Files.createLink(root.resolve("hard.txt"), box.resolve("outside/secret.txt"));
        takeSnapshots();

        assertThat(outcome(call("str_replace", "path", "/memories/hard.txt", "old_str", "do not", "new_str", "did")))
                .startsWith("succeeded: The memory file has been edited.");
        assertThat(outcome(call("insert", "path", "/memories/hard.txt", "insert_line", 0, "insert_text", "x\n")))
                .isEqualTo("succeeded: The file /memories/hard.txt has been edited.");
        assertThat(Files.readString(root.resolve("hard.txt"))).isEqualTo("x\nsecret: did touch\n");
        assertThat(outcome(call("delete", "path", "/memories/hard.txt")))
                .isEqualTo("succeeded: Successfully deleted /memories/hard.txt");

        assertThat(snapshot(temp, root)).isEqualTo(outsideBefore);
    }

    // ---- symbolic links

    @Nested
    class Symlinks {

        @BeforeEach
        void addLinks() throws IOException {
            link("link-out", "../outside");
            link("link-secret", "../outside/secret.txt");
            link("abs-out", box.resolve("outside").toAbsolutePath().toString());
            link("dir/up", "../..");
            link("twin", "../memories-evil");
            link("dangling", "../outside/not-yet.txt");
            link("chain", "link-out");
            link("loop", "loop");
            link("link-in", "dir");
            link("link-in-file", "dir/note.txt");
            takeSnapshots();
        }

        private void link(String name, String target) throws IOException {
            try {
                Files.createSymbolicLink(root.resolve(name), Path.of(target));
            } catch (UnsupportedOperationException | IOException e) {
                assumeThat(e).as("symbolic links are supported here").isNull();
            }
        }

        @ParameterizedTest(name = "[{index}] {0}")
        @ValueSource(strings = {
            "/memories/link-out/secret.txt",
            "/memories/link-out/sub",
            "/memories/link-out/sub/x",
            "/memories/link-out/new.txt",
            "/memories/link-out/newdir/new.txt",
            "/memories/link-secret/x",
            "/memories/abs-out/secret.txt",
            "/memories/abs-out/new.txt",
            "/memories/dir/up/victim.txt",
            "/memories/dir/up/outside/secret.txt",
            "/memories/dir/up/new.txt",
            "/memories/twin/loot.txt",
            "/memories/twin/new.txt",
            "/memories/chain/secret.txt",
            "/memories/dangling/x",
            "/memories/loop/x"})
        void pathBelowEscapingLink_everyCommandRefusesAndNothingChanges(String path) throws IOException {
            everyCommandRefusedAsEscapingAndNothingChanged(path);
        }

        @ParameterizedTest(name = "[{index}] {0}")
        @ValueSource(strings = {
            "/memories/link-out",
            "/memories/link-secret",
            "/memories/abs-out",
            "/memories/dir/up",
            "/memories/dir/up",
            "/memories/twin",
            "/memories/dangling",
            "/memories/chain",
            "/memories/loop"})
        void escapingLinkAsFinalName_everyCommandRefusesAndNothingChanges(String path) throws IOException {
            everyCommandRefusedAsEscapingAndNothingChanged(path);
        }

        private void everyCommandRefusedAsEscapingAndNothingChanged(String path) throws IOException {
            SoftAssertions softly = new SoftAssertions();
            for (Call call : everyCommandOn(path)) {
                softly.assertThat(outcome(call)).as(call.toString()).isEqualTo(ESCAPE_VIA_SYMLINK);
            }
            softly.assertAll();
            assertNothingChanged();
        }

        @ParameterizedTest(name = "[{index}] {0}")
        @ValueSource(strings = {"link-in", "link-in-file"})
        void deleteOfLinkInsideRoot_removesTheLinkOnly(String relative) throws IOException {
            String path = "/memories/" + relative;

            assertThat(outcome(call("delete", "path", path))).isEqualTo("succeeded: Successfully deleted " + path);

            assertThat(Files.exists(root.resolve(relative), LinkOption.NOFOLLOW_LINKS)).isFalse();
            assertThat(snapshot(temp, root)).isEqualTo(outsideBefore);
            assertThat(snapshot(root, null).keySet()).isEqualTo(minus(rootBefore.keySet(), relative));
        }

        @Test
        void renameOfLinkInsideRoot_movesTheLinkNotItsTarget() throws IOException {
            assertThat(outcome(call("rename", "old_path", "/memories/link-in", "new_path", "/memories/moved")))
                    .isEqualTo("succeeded: Successfully renamed /memories/link-in to /memories/moved");

            assertThat(Files.isSymbolicLink(root.resolve("moved"))).isTrue();
            assertThat(Files.readString(root.resolve("dir/note.txt"))).isEqualTo("note: secret\n");
            assertThat(snapshot(temp, root)).isEqualTo(outsideBefore);
        }

        @Test
        void deleteOfDirectoryHoldingEscapingLink_leavesWhatTheLinkPointsAt() throws IOException {
            assertThat(outcome(call("delete", "path", "/memories/dir")))
                    .isEqualTo("succeeded: Successfully deleted /memories/dir");

            assertThat(snapshot(temp, root)).isEqualTo(outsideBefore);
            // The history keeps dir/note.txt (HistoryTest checks it); the link's target is not copied there.
            assertThat(snapshot(root, root.resolve(".memdir-history")).keySet())
                    .isEqualTo(minus(rootBefore.keySet(), "dir", "dir/note.txt", "dir/up"));
            // The history's directory, dir/note.txt's directory of versions, its path file and its one version.
            assertThat(snapshot(root.resolve(".memdir-history"), null).keySet()).hasSize(4);
        }

        @Test
        void linkInsideRootAsAncestor_isFollowed() throws IOException {
            assertThat(outcome(call("view", "path", "/memories/link-in/note.txt"))).isEqualTo(
                    "succeeded: Here's the content of /memories/link-in/note.txt with line numbers:\n"
                            + "     1\tnote: secret\n     2\t");
            assertThat(outcome(create("/memories/link-in/new.txt", "new\n")))
                    .isEqualTo("succeeded: File created successfully at: /memories/link-in/new.txt");
            assertThat(outcome(call("str_replace", "path", "/memories/link-in/note.txt",
                    "old_str", "secret", "new_str", "open")))
                    .startsWith("succeeded: The memory file has been edited.");
            assertThat(outcome(call("insert", "path", "/memories/link-in/note.txt",
                    "insert_line", 0, "insert_text", "top\n")))
                    .isEqualTo("succeeded: The file /memories/link-in/note.txt has been edited.");

            assertThat(Files.readString(root.resolve("dir/new.txt"))).isEqualTo("new\n");
            assertThat(Files.readString(root.resolve("dir/note.txt"))).isEqualTo("top\nnote: open\n");
            assertThat(Files.isSymbolicLink(root.resolve("link-in"))).isTrue();
            assertThat(snapshot(temp, root)).isEqualTo(outsideBefore);
            assertThat(snapshot(root, root.resolve(".memdir-history")).keySet())
                    .isEqualTo(plus(rootBefore.keySet(), "dir/new.txt"));
        }

        @ParameterizedTest(name = "[{index}] {0}")
        @ValueSource(strings = {"/memories/link-in", "/memories/link-in-file"})
        void linkInsideRootAsFinalName_isNotFollowed(String path) throws IOException {
            String notFollowed = "Error: The path " + path + " is a symbolic link, and memdir does not follow links";
            SoftAssertions softly = new SoftAssertions();
            softly.assertThat(outcome(call("view", "path", path))).isEqualTo(notFollowed);
            softly.assertThat(outcome(call("str_replace", "path", path, "old_str", "secret", "new_str", "x")))
                    .isEqualTo(notFollowed);
            softly.assertThat(outcome(call("insert", "path", path, "insert_line", 0, "insert_text", "x\n")))
                    .isEqualTo(notFollowed);
            softly.assertAll();
            assertNothingChanged();
        }

        @Test
        void listings_skipEveryLink() throws IOException {
            assertThat(listedPaths("/memories"))
                    .containsExactly("/memories", "/memories/dir/", "/memories/dir/note.txt", "/memories/keep.txt");
            assertThat(listedPaths("/memories/dir")).containsExactly("/memories/dir", "/memories/dir/note.txt");
            assertNothingChanged();
        }

        /** Returns the path column of a directory view. */
        private List<String> listedPaths(String directory) {
            String text = outcome(call("view", "path", directory));
            assertThat(text).startsWith("succeeded: Here're the files and directories up to 2 levels deep in ");
            return text.lines().skip(1).map(line -> line.substring(line.indexOf('\t') + 1)).collect(Collectors.toList());
        }
    }

    // ---- calls

    /**
     * Sends {@code hostile} to every path field of every command and records each text that differs. The
     * writing commands go only after {@code view} was refused as expected, so a broken parser is caught
     * without first being asked to write or delete where the path leads.
     */
    private void sendEverywhere(Hostile hostile, SoftAssertions softly) {
        List<Call> calls = everyCommandOn(hostile.path());
        String probe = outcome(calls.get(0));
        softly.assertThat(probe).as(calls.get(0).toString()).isEqualTo(hostile.expected());
        if (!probe.equals(hostile.expected())) {
            return;
        }
        for (Call call : calls.subList(1, calls.size())) {
            softly.assertThat(outcome(call)).as(call.toString()).isEqualTo(hostile.expected());
        }
    }

    /** Returns the error text, or {@code succeeded: } and the output text. */
    private String outcome(Call call) {
        try {
            CommandOutput output = tool.call(call.command(), call.arguments());
            return "succeeded: " + (output instanceof CommandOutput.Text text ? text.text() : output.toString());
        } catch (CommandException e) {
            return e.text();
        }
    }

    // ---- snapshots of the disk

    private void takeSnapshots() throws IOException {
        outsideBefore = snapshot(temp, root);
        rootBefore = snapshot(root, null);
    }

    private void assertNothingChanged() throws IOException {
        assertThat(snapshot(temp, root)).as("everything outside the root").isEqualTo(outsideBefore);
        assertThat(snapshot(root, null)).as("the root").isEqualTo(rootBefore);
    }

    /**
     * Returns every entry below {@code top} (itself included, as {@code ""}) by relative path, described by
     * kind, mode, modification time and content or link target; links are not followed, {@code skip} is left out.
     */
    private static Map<String, String> snapshot(Path top, Path skip) throws IOException {
        // The usage ledger is memdir's bookkeeping of its own writes, not a change a command made to the memory.
        Map<String, String> entries = new TreeMap<>();
        Files.walkFileTree(top, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes)
                    throws IOException {
                if (directory.equals(skip)) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                entries.put(top.relativize(directory).toString(), describe(directory, attributes));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                if (!file.equals(skip) && !file.getFileName().toString().equals(USAGE_LEDGER)) {
                    entries.put(top.relativize(file).toString(), describe(file, attributes));
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return entries;
    }

    private static String describe(Path entry, BasicFileAttributes attributes) throws IOException {
        String mode = POSIX && !attributes.isSymbolicLink()
                ? PosixFilePermissions.toString(Files.getPosixFilePermissions(entry, LinkOption.NOFOLLOW_LINKS))
                : "-";
        String head = mode + " mtime=" + attributes.lastModifiedTime();
        if (attributes.isSymbolicLink()) {
            return "link " + head + " -> " + Files.readSymbolicLink(entry);
        }
        if (attributes.isDirectory()) {
            return "dir " + head;
        }
        return "file " + head + " " + escaped(new String(Files.readAllBytes(entry), StandardCharsets.ISO_8859_1));
    }

    private static Set<String> plus(Set<String> names, String... more) {
        Set<String> result = new TreeSet<>(names);
        result.addAll(List.of(more));
        return result;
    }

    private static Set<String> minus(Set<String> names, String... fewer) {
        Set<String> result = new TreeSet<>(names);
        List.of(fewer).forEach(result::remove);
        return result;
    }
}

package dev.memdir.e2e;

import static dev.memdir.e2e.support.LegacySdkClient.call;
import static dev.memdir.e2e.support.LegacySdkClient.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LegacySdkClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real jar when its environment fails under it: a full disk (a file-size limit), a file turned into a
 * directory, the root deleted, a root it may not write, and its own root-wide limits. Every failure must be an
 * {@code Error: } result that changed nothing, and the server must go on answering.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EnvironmentFaultsIT {

    private static final String ROOT_GONE = "Error: The memory directory no longer exists (it was deleted while"
            + " memdir was running). Nothing was changed; restart memdir to create it again.";
    private static final String TEMP_PREFIX = ".memdir-tmp-";
    private static final int NOBODY = 65534;

    @TempDir
    Path temp;

    private final List<McpSyncClient> clients = new ArrayList<>();

    @AfterEach
    void stop() {
        for (McpSyncClient client : clients) {
            client.closeGracefully();
        }
    }

    // ------------------------------------------------------------------ full disk

    @Test
    void aWriteThatHitsTheFileSizeLimitFailsCleanlyAndTheServerGoesOn() throws Exception {
        Path root = temp.resolve("memory");
        // 64 blocks of 512 bytes = 32 KiB per file; with SIGXFSZ ignored an oversize write fails with EFBIG.
        List<String> command = new ArrayList<>(List.of("sh", "-c",
                "trap '' XFSZ; ulimit -f 64 || exit 97; exec \"$@\"", "memdir-under-ulimit"));
        command.addAll(jar("--root", root.toString()));
        McpSyncClient client = start(command);
        String sixtyKilobytes = "0123456789abcdef\n".repeat(3_600); // 61,200 bytes: under the 100 KiB cap

        McpSchema.CallToolResult created = call(client, "create",
                Map.of("path", "/memories/big.md", "file_text", sixtyKilobytes));
        assertThat(created.isError()).isTrue();
        assertThat(text(created)).startsWith("Error: Could not create /memories/big.md: ")
                .endsWith(". Nothing was changed.");
        assertThat(root.resolve("big.md")).doesNotExist();

        McpSchema.CallToolResult nested = call(client, "create",
                Map.of("path", "/memories/new/dirs/big.md", "file_text", sixtyKilobytes));
        assertThat(nested.isError()).isTrue();
        assertThat(text(nested)).startsWith("Error: Could not create /memories/new/dirs/big.md: ");
        assertThat(root.resolve("new")).as("parents made for the failed write are taken away").doesNotExist();

        created(client, "/memories/small.md", "small\n");

        McpSchema.CallToolResult replaced = call(client, "str_replace",
                Map.of("path", "/memories/small.md", "old_str", "small", "new_str", sixtyKilobytes));
        assertThat(replaced.isError()).isTrue();
        assertThat(text(replaced)).startsWith("Error: Could not str_replace /memories/small.md: ")
                .endsWith(". Nothing was changed.");
        assertThat(root.resolve("small.md")).hasContent("small\n");

        McpSchema.CallToolResult inserted = call(client, "insert",
                Map.of("path", "/memories/small.md", "insert_line", 1, "insert_text", sixtyKilobytes));
        assertThat(inserted.isError()).isTrue();
        assertThat(text(inserted)).startsWith("Error: Could not insert /memories/small.md: ");
        assertThat(root.resolve("small.md")).hasContent("small\n");

        assertThat(tempFiles(root)).as("temp files left in the root").isEmpty();
        assertThat(text(call(client, "view", Map.of("path", "/memories")))).isEqualTo(
                directoryHeader("/memories") + "\n" + size(root) + "\t/memories\n6B\t/memories/small.md");

        // Still serving: a protocol round trip, and a write that fits.
        client.ping();
        created(client, "/memories/after.md", "fits");
        assertThat(root.resolve("after.md")).hasContent("fits");
    }

    // ------------------------------------------------------------------ a file becomes a directory

    @Test
    void aFileReplacedByADirectoryBehindTheServersBackIsNotAFile() throws Exception {
        Path root = temp.resolve("memory");
        McpSyncClient client = start(jar("--root", root.toString()));
        created(client, "/memories/n.md", "one\ntwo\n");

        Files.delete(root.resolve("n.md"));
        Files.createDirectory(root.resolve("n.md"));
        Files.writeString(root.resolve("n.md/inner.md"), "x");

        McpSchema.CallToolResult replaced = call(client, "str_replace",
                Map.of("path", "/memories/n.md", "old_str", "one", "new_str", "ONE"));
        assertThat(replaced.isError()).isTrue();
        assertThat(text(replaced)).isEqualTo("Error: The path /memories/n.md is not a file.");

        McpSchema.CallToolResult inserted = call(client, "insert",
                Map.of("path", "/memories/n.md", "insert_line", 0, "insert_text", "zero"));
        assertThat(inserted.isError()).isTrue();
        assertThat(text(inserted)).isEqualTo("Error: The path /memories/n.md is not a file.");

        String listing = directoryHeader("/memories/n.md") + "\n" + size(root.resolve("n.md")) + "\t/memories/n.md\n"
                + "1B\t/memories/n.md/inner.md";
        McpSchema.CallToolResult viewed = call(client, "view", Map.of("path", "/memories/n.md"));
        assertThat(viewed.isError()).isFalse();
        assertThat(text(viewed)).isEqualTo(listing);
        assertThat(text(call(client, "view", Map.of("path", "/memories/n.md", "view_range", List.of(1, 2)))))
                .as("view_range is ignored for a directory").isEqualTo(listing);

        McpSchema.CallToolResult created = call(client, "create", Map.of("path", "/memories/n.md", "file_text", "new"));
        assertThat(created.isError()).isTrue();
        assertThat(text(created)).isEqualTo("Error: File /memories/n.md already exists");

        assertThat(root.resolve("n.md/inner.md")).hasContent("x");
        assertThat(visibleFiles(root)).containsOnlyKeys("n.md/inner.md");
        assertThat(text(call(client, "view", Map.of("path", "/memories")))).startsWith(directoryHeader("/memories"));
    }

    // ------------------------------------------------------------------ the root is deleted

    @Test
    void everyCommandOnADeletedRootSaysSoAndTheServerKeepsRunning() throws Exception {
        Path root = temp.resolve("memory");
        McpSyncClient client = start(jar("--root", root.toString()));
        created(client, "/memories/a.md", "alpha\n");
        created(client, "/memories/d/b.md", "beta\n");

        deleteTree(root);

        List<Map<String, Object>> calls = List.of(
                Map.of("tool", "view", "path", "/memories"),
                Map.of("tool", "view", "path", "/memories/a.md"),
                Map.of("tool", "view", "path", "/memories/d"),
                Map.of("tool", "create", "path", "/memories/new.md", "file_text", "new"),
                Map.of("tool", "create", "path", "/memories/d/new.md", "file_text", "new"),
                Map.of("tool", "str_replace", "path", "/memories/a.md", "old_str", "alpha", "new_str", "ALPHA"),
                Map.of("tool", "insert", "path", "/memories/a.md", "insert_line", 0, "insert_text", "zero"),
                Map.of("tool", "delete", "path", "/memories/a.md"),
                Map.of("tool", "delete", "path", "/memories/d"),
                Map.of("tool", "rename", "old_path", "/memories/a.md", "new_path", "/memories/c.md"));
        for (Map<String, Object> spec : calls) {
            Map<String, Object> arguments = new java.util.HashMap<>(spec);
            String tool = (String) arguments.remove("tool");
            McpSchema.CallToolResult result = call(client, tool, arguments);
            assertThat(result.isError()).as(spec.toString()).isTrue();
            assertThat(text(result)).as(spec.toString()).isEqualTo(ROOT_GONE);
        }
        assertThat(root).as("nothing recreated the root").doesNotExist();

        // Still serving: protocol requests, the tool list, and the resources (an answer or an MCP error).
        client.ping();
        assertThat(client.listTools().tools()).hasSize(6);
        for (String uri : List.of("memdir://memory/index", "memdir://memory/status")) {
            try {
                assertThat(client.readResource(new McpSchema.ReadResourceRequest(uri)).contents()).as(uri).isNotEmpty();
            } catch (McpError answeredWithAnError) {
                assertThat(answeredWithAnError.getJsonRpcError().message()).as(uri).isNotBlank();
            }
        }
        McpSchema.CallToolResult again = call(client, "view", Map.of("path", "/memories"));
        assertThat(text(again)).isEqualTo(ROOT_GONE);
        assertThat(root).doesNotExist();
    }

    // ------------------------------------------------------------------ a root that cannot be written

    @Test
    void aRootThatCannotBeWrittenGivesAClearErrorAndNothingIsWritten() throws Exception {
        assumeFalse(runsAsRoot(), "root ignores permission bits, so a root of mode 0500 refuses nothing to it");
        Path root = temp.resolve("memory");
        McpSyncClient client = start(jar("--root", root.toString()));
        assertPermissionDenied(client, root);
    }

    @Test
    void aRootWhoseParentBecameAFileGivesAnErrorAndNothingIsWritten() throws Exception {
        Path parent = temp.resolve("parent");
        Path root = parent.resolve("memory");
        McpSyncClient client = start(jar("--root", root.toString()));
        created(client, "/memories/a.md", "keep\n");
        Path aside = temp.resolve("parent-aside");
        Files.move(parent, aside);
        Files.writeString(parent, "a regular file where the root's parent was\n");

        McpSchema.CallToolResult created = call(client, "create", Map.of("path", "/memories/new.md", "file_text", "x"));
        assertThat(created.isError()).isTrue();
        assertThat(text(created)).satisfiesAnyOf(
                t -> assertThat(t).isEqualTo(ROOT_GONE),
                t -> assertThat(t).startsWith("Error: Could not create /memories/new.md: "));
        McpSchema.CallToolResult replaced = call(client, "str_replace",
                Map.of("path", "/memories/a.md", "old_str", "keep", "new_str", "lost"));
        assertThat(replaced.isError()).isTrue();
        assertThat(text(replaced)).startsWith("Error: ");
        assertThat(parent).isRegularFile().hasContent("a regular file where the root's parent was\n");
        assertThat(visibleFiles(aside.resolve("memory"))).isEqualTo(Map.of("a.md", "keep\n"));
        assertThat(tempFiles(aside)).isEmpty();
        client.ping();
        assertThat(text(call(client, "view", Map.of("path", "/memories")))).startsWith("Error: ");
    }

    @Test
    void aRootThatCannotBeWrittenByAnUnprivilegedServerGivesAClearError() throws Exception {
        assumeTrue(runsAsRoot(), "only root can start the server as another user");
        assumeTrue(canBecomeNobody(), "setpriv cannot switch to uid " + NOBODY + " here");
        Path area = temp.resolve("nobody");
        Files.createDirectories(area);
        Files.setAttribute(area, "unix:uid", NOBODY);
        Files.setAttribute(area, "unix:gid", NOBODY);
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwx--x--x"));
        Path jarCopy = Files.copy(JarLauncher.jar(), area.resolve("memdir.jar"), StandardCopyOption.REPLACE_EXISTING);
        Files.setPosixFilePermissions(jarCopy, PosixFilePermissions.fromString("rw-r--r--"));
        Path nobodyRoot = area.resolve("memory");
        List<String> command = new ArrayList<>(List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY,
                "--clear-groups", "--", "sh", "-c", "cd \"$0\" && exec \"$@\"", area.toString(),
                "env", "HOME=" + area, JarLauncher.java(), "-XX:-UsePerfData", "-jar", jarCopy.toString(),
                "--root", nobodyRoot.toString()));
        assertPermissionDenied(start(command), nobodyRoot);
    }

    /** The server runs as a user that owns {@code root}; with the root at mode 0500 no write gets through. */
    private void assertPermissionDenied(McpSyncClient client, Path root) throws Exception {
        created(client, "/memories/a.md", "keep\n");
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("r-x------"));
        try {
            McpSchema.CallToolResult created = call(client, "create",
                    Map.of("path", "/memories/new.md", "file_text", "x"));
            assertThat(created.isError()).isTrue();
            assertThat(text(created))
                    .isEqualTo("Error: Could not create /memories/new.md: permission denied. Nothing was changed.");

            McpSchema.CallToolResult replaced = call(client, "str_replace",
                    Map.of("path", "/memories/a.md", "old_str", "keep", "new_str", "lost"));
            assertThat(replaced.isError()).isTrue();
            assertThat(text(replaced))
                    .isEqualTo("Error: Could not str_replace /memories/a.md: permission denied. Nothing was changed.");

            McpSchema.CallToolResult nested = call(client, "create",
                    Map.of("path", "/memories/sub/new.md", "file_text", "x"));
            assertThat(nested.isError()).isTrue();
            assertThat(text(nested)).startsWith("Error: Could not create /memories/sub/new.md: permission denied");

            assertThat(visibleFiles(root)).isEqualTo(Map.of("a.md", "keep\n"));
            assertThat(tempFiles(root)).isEmpty();
            client.ping();
            assertThat(text(call(client, "view", Map.of("path", "/memories/a.md"))))
                    .isEqualTo("Here's the content of /memories/a.md with line numbers:\n     1\tkeep\n     2\t");
        } finally {
            Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwx------"));
        }
    }

    // ------------------------------------------------------------------ root-wide limits

    @Test
    void rootWideLimitsRefuseTheWriteWithAnExactErrorAndChangeNothing() throws Exception {
        Path root = temp.resolve("memory");
        McpSyncClient client = start(jar("--root", root.toString(), "--max-files", "3", "--max-root-bytes", "200"));
        for (String name : List.of("a", "b", "c")) {
            created(client, "/memories/" + name + ".md", name.repeat(49) + "\n");
        }
        Map<String, String> full = visibleFiles(root); // 3 files, 150 bytes

        McpSchema.CallToolResult fourth = call(client, "create", Map.of("path", "/memories/d.md", "file_text", "x"));
        assertThat(fourth.isError()).isTrue();
        assertThat(text(fourth)).isEqualTo("Error: Creating /memories/d.md would make more than 3 files in the memory"
                + " directory. Nothing was written; merge or delete files first.");
        McpSchema.CallToolResult nested = call(client, "create", Map.of("path", "/memories/sub/d.md", "file_text", "x"));
        assertThat(text(nested)).isEqualTo("Error: Creating /memories/sub/d.md would make more than 3 files in the"
                + " memory directory. Nothing was written; merge or delete files first.");
        assertThat(root.resolve("sub")).doesNotExist();

        // a.md 50 -> 110 bytes: 210 in all.
        McpSchema.CallToolResult grown = call(client, "str_replace", Map.of("path", "/memories/a.md",
                "old_str", "a".repeat(49), "new_str", "a".repeat(109)));
        assertThat(grown.isError()).isTrue();
        assertThat(text(grown)).isEqualTo("Error: Writing /memories/a.md would make the memory directory 210 bytes,"
                + " over its limit of 200 bytes. Nothing was written; shorten or delete files first.");
        // b.md 50 -> 60 + "\n" + 50 = 111 bytes: 211 in all.
        McpSchema.CallToolResult inserted = call(client, "insert", Map.of("path", "/memories/b.md",
                "insert_line", 0, "insert_text", "x".repeat(60)));
        assertThat(inserted.isError()).isTrue();
        assertThat(text(inserted)).isEqualTo("Error: Writing /memories/b.md would make the memory directory 211 bytes,"
                + " over its limit of 200 bytes. Nothing was written; shorten or delete files first.");
        assertThat(visibleFiles(root)).as("nothing changed").isEqualTo(full);
        assertThat(tempFiles(root)).isEmpty();

        // Exactly at the limit is allowed; one byte more is not.
        assertThat(text(call(client, "str_replace", Map.of("path", "/memories/a.md",
                "old_str", "a".repeat(49), "new_str", "a".repeat(99))))).startsWith("The memory file has been edited.");
        McpSchema.CallToolResult oneMore = call(client, "str_replace", Map.of("path", "/memories/c.md",
                "old_str", "c".repeat(49), "new_str", "c".repeat(50)));
        assertThat(text(oneMore)).isEqualTo("Error: Writing /memories/c.md would make the memory directory 201 bytes,"
                + " over its limit of 200 bytes. Nothing was written; shorten or delete files first.");
        assertThat(root.resolve("c.md")).hasContent("c".repeat(49) + "\n");

        // Freeing a slot lets a new file in again.
        assertThat(text(call(client, "delete", Map.of("path", "/memories/b.md")))).isEqualTo("Successfully deleted /memories/b.md");
        created(client, "/memories/d.md", "x");
        assertThat(visibleFiles(root)).containsOnlyKeys("a.md", "c.md", "d.md");
    }

    // ------------------------------------------------------------------ helpers

    private McpSyncClient start(List<String> command) {
        McpSyncClient client = LegacySdkClient.start(JarLauncher.of(command));
        clients.add(client);
        return client;
    }

    /** {@code java -jar memdir.jar args}, without the JVM's shared perf-data file (nothing written outside temp). */
    /** Creates the file through {@code client} and checks that the answer says it was created. */
    private static void created(McpSyncClient client, String path, String text) {
        assertThat(text(call(client, "create", Map.of("path", path, "file_text", text))))
                .isEqualTo("File created successfully at: " + path);
    }

    private static List<String> jar(String... args) {
        return JarLauncher.plain(args).jvmOptions("-XX:-UsePerfData").command();
    }

    private static String directoryHeader(String path) {
        return "Here're the files and directories up to 2 levels deep in " + path
                + ", excluding hidden items and node_modules:";
    }

    private static String size(Path directory) throws IOException {
        long bytes = Files.size(directory);
        return bytes % 1024 == 0 ? (bytes / 1024) + "K" : bytes + "B";
    }

    /** Visible regular files below {@code root} (relative path to content); hidden names are skipped. */
    private static Map<String, String> visibleFiles(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path file : walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).toList()) {
                String relative = root.relativize(file).toString();
                if (!relative.startsWith(".") && !relative.contains("/.")) {
                    files.put(relative, Files.readString(file, StandardCharsets.ISO_8859_1));
                }
            }
        }
        return files;
    }

    private static List<Path> tempFiles(Path directory) throws IOException {
        try (Stream<Path> walk = Files.walk(directory)) {
            return walk.filter(p -> p.getFileName().toString().startsWith(TEMP_PREFIX)).toList();
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(process.waitFor(10, TimeUnit.SECONDS)).as(String.join(" ", command)).isTrue();
        return out;
    }

    private static boolean runsAsRoot() throws IOException, InterruptedException {
        return "0".equals(run("id", "-u"));
    }

    private static boolean canBecomeNobody() {
        try {
            Process process = new ProcessBuilder("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY,
                    "--clear-groups", "--", JarLauncher.java(), "-XX:-UsePerfData", "-version")
                    .redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            return process.waitFor(20, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }
}

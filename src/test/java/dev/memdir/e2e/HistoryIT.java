package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarRun;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.LineSession;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** History and undo through the real jar: the resource, {@code memdir history}, {@code memdir restore}, kill -9. */
class HistoryIT {

    @TempDir
    Path temp;

    @Test
    void editsAndDeletesAreListedAndUndoneFromTheCommandLine() throws Exception {
        Path root = temp.resolve("box/memory");
        McpSyncClient client = LegacySdkClient.start(JarLauncher.plain("--root", root.toString(), "--session-id",
                "s-1"));
        try {
            call(client, "create", Map.of("path", "/memories/plan.md", "file_text", "step one\n"));
            call(client, "str_replace", Map.of("path", "/memories/plan.md", "old_str", "one", "new_str", "two"));
            call(client, "delete", Map.of("path", "/memories/plan.md"));

            McpSchema.ReadResourceResult read = client.readResource(
                    new McpSchema.ReadResourceRequest("memdir://memory/history/plan.md"));
            JsonNode history = LineSession.JSON.readTree(((McpSchema.TextResourceContents) read.contents().get(0)).text());
            assertThat(history.path("path").asText()).isEqualTo("/memories/plan.md");
            assertThat(history.path("versions").findValuesAsText("version")).containsExactly("2", "1");
            assertThat(history.path("versions").findValuesAsText("session")).containsOnly("s-1");
            assertThat(history.path("versions").get(1).path("size").asInt()).isEqualTo("step one\n".length());
        } finally {
            client.closeGracefully();
        }

        JarRun listed = JarRun.of(temp, "history", "/memories/plan.md", "--root", root.toString());
        JarRun restored = JarRun.of(temp, "restore", "plan.md", "--version", "1", "--root", root.toString());
        JarRun undone = JarRun.of(temp, "restore", "plan.md", "--root", root.toString());
        JarRun missing = JarRun.of(temp, "restore", "plan.md", "--version", "9", "--root", root.toString());

        assertThat(listed.exit()).isZero();
        assertThat(listed.stdout()).startsWith("/memories/plan.md: 2 earlier versions, newest first\n")
                .contains("\n2        ").contains("\n1        ");
        assertThat(restored.stdout()).startsWith("Restored /memories/plan.md to version 1 (kept ");
        assertThat(undone.exit()).isZero();
        assertThat(Files.readString(root.resolve("plan.md"))).isEqualTo("step two\n");
        assertThat(missing.exit()).isEqualTo(1);
        assertThat(missing.stderr()).isEqualTo("Error: The history of /memories/plan.md holds no version 9\n");

        JarRun redacted = JarRun.of(temp, "history", "redact", "plan.md", "--version", "1", "--root", root.toString());
        JarRun relisted = JarRun.of(temp, "history", "plan.md", "--root", root.toString());
        assertThat(redacted.exit()).as(redacted.stderr()).isZero();
        assertThat(redacted.stdout()).startsWith("Redacted version 1 of /memories/plan.md: ");
        assertThat(relisted.stdout()).contains(" operation ").containsPattern("\n1 +\\S+ +write +9 .*"
                + " s-1  redacted by memdir-cli at ");
        assertThat(relisted.stdout()).as("no hash for the redacted version")
                .containsPattern("\n1 +\\S+ +write +9  - {13}s-1  redacted by ")
                .containsPattern("\n2 +\\S+ +\\S+ +9  [0-9a-f]{12}  s-1\n");
        McpSyncClient after = LegacySdkClient.start(JarLauncher.plain("--root", root.toString()));
        try {
            JsonNode versions = LineSession.JSON.readTree(((McpSchema.TextResourceContents) after.readResource(
                    new McpSchema.ReadResourceRequest("memdir://memory/history/plan.md")).contents().get(0)).text())
                    .path("versions");
            assertThat(versions.findValuesAsText("version")).containsExactly("3", "2", "1");
            assertThat(versions.get(2).has("sha256")).as("the redacted version's hash").isFalse();
            assertThat(versions.get(2).path("redactedBy").asText()).isEqualTo("memdir-cli");
            assertThat(versions.get(1).path("sha256").asText()).matches("[0-9a-f]{64}");
        } finally {
            after.closeGracefully();
        }
    }

    @Test
    void historyStaysWholeWhenTheServerIsKilledMidWrite() throws Exception {
        Path root = Files.createDirectories(temp.resolve("box/memory"));
        Set<String> states = Set.of("state A\n", "state B\n");
        Files.writeString(root.resolve("flip.md"), "state A\n");
        for (int round = 0; round < 5; round++) {
            LineSession session = LineSession.start(JarLauncher.recommended("--root", root.toString()),
                    temp.resolve("servers.log"));
            session.initialize();
            String now = Files.readString(root.resolve("flip.md"));
            List<CompletableFuture<JsonNode>> answers = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                String from = (i % 2 == 0) == now.equals("state A\n") ? "A" : "B";
                answers.add(session.call("str_replace", Map.of("path", "/memories/flip.md", "old_str", "state " + from,
                        "new_str", "state " + (from.equals("A") ? "B" : "A"))));
            }
            // initialize is answered before the server is built: the kill must fall among the writes, not before.
            answers.get(0).get(60, TimeUnit.SECONDS);
            Thread.sleep(30L * round);
            session.process().destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        JarRun listed = JarRun.of(temp, "history", "flip.md", "--root", root.toString());

        assertThat(listed.exit()).isZero();
        assertThat(states).contains(Files.readString(root.resolve("flip.md")));
        List<Path> kept = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root.resolve(".memdir-history"))) {
            files.filter(Files::isRegularFile).filter(file -> !file.getFileName().toString().equals("path"))
                    .forEach(kept::add);
        }
        assertThat(kept).isNotEmpty().hasSizeLessThanOrEqualTo(20);
        for (Path version : kept) {
            assertThat(version.getFileName().toString()).doesNotStartWith(".memdir-tmp-");
            assertThat(states).as(version.toString()).contains(Files.readString(version));
        }
        try (Stream<Path> files = Files.walk(root)) {
            assertThat(files.map(path -> path.getFileName().toString()).collect(Collectors.toList()))
                    .noneMatch(name -> name.startsWith(".memdir-tmp-"));
        }
    }

    private static void call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
        assertThat(result.isError()).as(result.toString()).isFalse();
    }
}

package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.EveryStoreTest;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarMemory;
import dev.memdir.e2e.support.JarRun;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.LineSession;
import dev.memdir.memory.store.Sha256;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Aging through the real jar: status flags stale files, prune proposes and archives them, restore moves one back; the
 * history of a renamed file names the paths it came from.
 */
class PruneIT {

    private static final String FROM_ROOT = "/memories/topics/plan.md was renamed from /memories/plan.md, whose"
            + " history is kept under that path: 'memdir history /memories/plan.md' lists it\n";

    @TempDir
    Path temp;

    @Test
    void staleFilesAreFlaggedProposedArchivedAndRestorable() throws Exception {
        Path root = Files.createDirectories(temp.resolve("box/memory"));
        Files.writeString(root.resolve("old-stamped.md"), "---\nmetadata:\n  modified: 2024-01-01T00:00:00Z\n---\nold\n");
        Path oldPlain = Files.writeString(Files.createDirectories(root.resolve("topics")).resolve("old.md"), "plain\n");
        Files.setLastModifiedTime(oldPlain, FileTime.from(Instant.now().minus(Duration.ofDays(200))));
        Path index = Files.writeString(root.resolve("MEMORY.md"), "- old-stamped.md\n");
        Files.setLastModifiedTime(index, FileTime.from(Instant.now().minus(Duration.ofDays(400))));
        Files.writeString(root.resolve("fresh.md"), "new\n");

        LegacySdkClient.session(JarLauncher.plain("--root", root.toString()), client -> {
            McpSchema.ReadResourceResult read = client.readResource(
                    new McpSchema.ReadResourceRequest("memdir://memory/status"));
            JsonNode status = LineSession.JSON.readTree(((McpSchema.TextResourceContents) read.contents().get(0)).text());
            assertThat(status.path("staleAfterDays").asInt()).isEqualTo(90);
            assertThat(status.path("memories").findValuesAsText("path")).containsExactly("/memories/old-stamped.md",
                    "/memories/MEMORY.md", "/memories/topics/old.md", "/memories/fresh.md");
            assertThat(status.path("memories").findValues("stale")).extracting(JsonNode::asBoolean)
                    .containsExactly(true, true, true, false);
            assertThat(status.path("memories").get(0).path("modifiedFrom").asText()).isEqualTo("frontmatter");
            assertThat(status.path("memories").get(3).path("sha256").asText())
                    .isEqualTo(Sha256.hex("new\n".getBytes(StandardCharsets.UTF_8)));
        });

        JarRun proposed = JarRun.of(temp, "prune", "--root", root.toString());
        assertThat(proposed.exit()).isZero();
        assertThat(proposed.stdout()).startsWith("2 memory files have gone untouched for more than 90 days;")
                .contains("  /memories/old-stamped.md  (modified 2024-01-01T00:00:00Z, ")
                .contains("  /memories/topics/old.md  (modified ").doesNotContain("MEMORY.md").doesNotContain("fresh");
        assertThat(root.resolve("old-stamped.md")).exists();

        JarRun applied = JarRun.of(temp, "prune", "--apply", "--older-than", "30d", "--root", root.toString());
        assertThat(applied.exit()).isZero();
        assertThat(applied.stdout()).contains("Archived /memories/old-stamped.md to /memories/archive/old-stamped.md\n")
                .contains("Archived /memories/topics/old.md to /memories/archive/topics/old.md\n");
        assertThat(root.resolve("old-stamped.md")).doesNotExist();
        assertThat(Files.readString(root.resolve("archive/topics/old.md"))).isEqualTo("plain\n");
        assertThat(JarRun.of(temp, "prune", "--root", root.toString()).stdout())
                .isEqualTo("No memory file has gone untouched for more than 90 days.\n")
                .as("the archive and the index are never proposed");

        JarRun restored = JarRun.of(temp, "restore", "/memories/topics/old.md", "--root", root.toString());
        assertThat(restored.exit()).isZero();
        assertThat(restored.stdout()).isEqualTo("Moved /memories/archive/topics/old.md back to /memories/topics/old.md,"
                + " where it was before it was archived\n");
        assertThat(Files.readString(root.resolve("topics/old.md"))).isEqualTo("plain\n");
        assertThat(root.resolve("archive/topics/old.md")).as("no copy stays in the archive").doesNotExist();
    }

    @EveryStoreTest
    void anArchivedFileIsMovedBackByTheUndoPruneOffers(String storeKind) throws Exception {
        JarMemory store = JarMemory.fresh(storeKind, temp).inNamespace("team");
        LegacySdkClient.session(store.launcher(), client -> {
            call(client, "create", Map.of("path", "/memories/notes/hello.md", "file_text", "hello\n"));
        });

        JarRun applied = JarRun.of(temp, store.launcher("prune", "--apply", "--older-than", "0d"));
        JarRun restored = JarRun.of(temp, store.launcher("restore", "/memories/notes/hello.md"));

        assertThat(applied.stdout()).as(applied.stderr()).isEqualTo("Archived /memories/notes/hello.md to"
                + " /memories/archive/notes/hello.md\nUndo one with 'memdir restore PATH': it moves the file back out"
                + " of /memories/archive/.\n");
        assertThat(restored.stdout()).as(restored.stderr()).isEqualTo("Moved /memories/archive/notes/hello.md back"
                + " to /memories/notes/hello.md, where it was before it was archived\n");
        LegacySdkClient.session(store.launcher(), after -> {
            assertThat(LegacySdkClient.text(LegacySdkClient.call(after, "view",
                    Map.of("path", "/memories/notes/hello.md")))).contains("hello");
            McpSchema.CallToolResult archived = LegacySdkClient.call(after, "view",
                    Map.of("path", "/memories/archive/notes/hello.md"));
            assertThat(archived.isError()).as("no copy stays in the archive: " + archived).isTrue();
        });
    }

    @EveryStoreTest
    void theHistoryOfAFileRenamedOnceAndTwiceNamesThePathsItCameFrom(String storeKind) throws Exception {
        JarMemory store = JarMemory.fresh(storeKind, temp).inNamespace("team");
        LegacySdkClient.session(store.launcher(), client -> {
            call(client, "create", Map.of("path", "/memories/plan.md", "file_text", "the plan\n"));
            call(client, "rename", Map.of("old_path", "/memories/plan.md", "new_path", "/memories/topics/plan.md"));
        });
        JarRun once = JarRun.of(temp, store.launcher("history", "/memories/topics/plan.md"));
        McpSyncClient again = LegacySdkClient.start(store.launcher());
        JsonNode template;
        try {
            call(again, "rename", Map.of("old_path", "/memories/topics/plan.md", "new_path",
                    "/memories/done/plan.md"));
            template = LineSession.JSON.readTree(((McpSchema.TextResourceContents) again.readResource(
                    new McpSchema.ReadResourceRequest("memdir://memory/history/done/plan.md")).contents().get(0))
                    .text());
        } finally {
            again.closeGracefully();
        }
        JarRun twice = JarRun.of(temp, store.launcher("history", "/memories/done/plan.md"));
        JarRun between = JarRun.of(temp, store.launcher("history", "/memories/topics/plan.md"));

        assertThat(once.stdout()).as(once.stderr()).isEqualTo("No earlier versions of /memories/topics/plan.md are"
                + " kept.\n" + FROM_ROOT);
        assertThat(twice.stdout()).as(twice.stderr()).isEqualTo("No earlier versions of /memories/done/plan.md are"
                + " kept.\n/memories/done/plan.md was renamed from /memories/topics/plan.md, whose history is kept"
                + " under that path: 'memdir history /memories/topics/plan.md' lists it\n" + FROM_ROOT);
        assertThat(between.stdout()).as(between.stderr())
                .startsWith("/memories/topics/plan.md: 1 earlier version, newest first\n")
                .containsPattern("\n1 +\\S+ +rename +9  [0-9a-f]{12}  \\S+  renamed to /memories/done/plan.md\n")
                .endsWith(FROM_ROOT);
        assertThat(template.path("versions")).isEmpty();
        assertThat(template.path("renamedFrom").toString()).isEqualTo("[{\"path\":\"/memories/topics/plan.md\","
                + "\"renamedTo\":\"/memories/done/plan.md\",\"history\":\"memdir://memory/history/topics/plan.md\"},"
                + "{\"path\":\"/memories/plan.md\",\"renamedTo\":\"/memories/topics/plan.md\","
                + "\"history\":\"memdir://memory/history/plan.md\"}]");
    }

    private static void call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = LegacySdkClient.call(client, tool, arguments);
        assertThat(result.isError()).as(result.toString()).isFalse();
    }
}

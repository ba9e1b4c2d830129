package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.JarLauncher;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Aging through the real jar: status flags stale files, prune proposes and archives them, restore undoes it. */
class PruneIT {

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

        McpSyncClient client = LegacySdkClient.start(JarLauncher.plain("--root", root.toString()));
        try {
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
        } finally {
            client.closeGracefully();
        }

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
        assertThat(Files.readString(root.resolve("topics/old.md"))).isEqualTo("plain\n");
    }
}

package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LegacySdkClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Completions through the real jar and the SDK client, as the Inspector asks for them. */
class CompletionsIT {

    @TempDir
    Path temp;

    @Test
    void historyInstructionsAndRecallArgumentsAreCompleted() throws Exception {
        Path root = Files.createDirectories(temp.resolve("memory"));
        Path project = Files.createDirectories(temp.resolve("project/src"));
        for (int i = 0; i < 120; i++) {
            Files.writeString(root.resolve(String.format("note-%03d.md", i)), "text\n");
        }
        Files.writeString(root.resolve("deployment.md"), "text\n");
        Files.writeString(root.resolve(".hidden.md"), "text\n");
        McpSyncClient client = LegacySdkClient.start(JarLauncher.plain("--root", root.toString(), "--project",
                project.getParent().toString()));
        try {
            assertThat(client.getServerCapabilities().completions()).isNotNull();

            McpSchema.CompleteResult.CompleteCompletion notes = complete(client,
                    new McpSchema.ResourceReference("memdir://memory/history/{+path}"), "path", "note-");
            assertThat(notes.values()).hasSize(100).startsWith("note-000.md").endsWith("note-099.md");
            assertThat(notes.total()).isEqualTo(120);
            assertThat(notes.hasMore()).isTrue();
            assertThat(complete(client, new McpSchema.ResourceReference("memdir://memory/history/{+path}"), "path",
                    ".").values()).isEmpty();

            assertThat(complete(client, new McpSchema.ResourceReference("memdir://instructions/for/{+path}"), "path",
                    "").values()).containsExactly("src/");

            assertThat(complete(client, new McpSchema.PromptReference("recall"), "query", "dep").values())
                    .containsExactly("deployment");
        } finally {
            client.closeGracefully();
        }
    }

    private static McpSchema.CompleteResult.CompleteCompletion complete(McpSyncClient client,
            McpSchema.CompleteReference ref, String argument, String typed) {
        return client.completeCompletion(new McpSchema.CompleteRequest(ref,
                new McpSchema.CompleteRequest.CompleteArgument(argument, typed))).completion();
    }
}

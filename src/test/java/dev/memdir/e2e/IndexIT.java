package dev.memdir.e2e;

import static dev.memdir.e2e.support.LegacySdkClient.call;
import static dev.memdir.e2e.support.LegacySdkClient.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.LineSession;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The budgeted index through the real jar: the write-then-check loop, resources, prompt, instructions, updates. */
class IndexIT {

    private static final String INDEX = "/memories/MEMORY.md";

    @TempDir
    Path temp;

    private McpSyncClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.closeGracefully();
        }
    }

    private Path root() {
        return temp.resolve("memory");
    }

    /** A budget of 10 lines and 1,000 bytes: near from 9 lines or 900 bytes, target 7 lines / 700 bytes. */
    private McpSyncClient startSmallBudget() {
        client = LegacySdkClient.start(JarLauncher.plain("--root", root().toString(), "--index-max-lines", "10",
                "--index-max-bytes", "1000"));
        return client;
    }

    private static String lines(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> "- topic " + i + ".md").collect(Collectors.joining("\n"))
                + "\n";
    }

    @Test
    void oneIndexWalksFromWithinToNearToOverAndBack() throws Exception {
        startSmallBudget();

        McpSchema.CallToolResult within = call(client, "create", Map.of("path", INDEX, "file_text", lines(3)));
        assertThat(within.isError()).isFalse();
        assertThat(text(within)).isEqualTo("File created successfully at: " + INDEX);

        McpSchema.CallToolResult near = call(client, "insert", Map.of("path", INDEX, "insert_line", 3,
                "insert_text", lines(9).substring(lines(3).length())));
        assertThat(near.isError()).isFalse();
        assertThat(text(near)).isEqualTo("The file " + INDEX + " has been edited.\n\n"
                + "Note: " + INDEX + " is near its budget (9/10 lines, 0.1/1.0 KB). Keep it an index: one line per"
                + " entry, move detail into topic files, merge or drop stale entries.");

        McpSchema.CallToolResult over = call(client, "str_replace", Map.of("path", INDEX,
                "old_str", "- topic 9.md\n", "new_str", "- topic 9.md\n- topic 10.md\n- topic 11.md\n"));
        assertThat(over.isError()).isTrue();
        assertThat(text(over))
                .startsWith("The memory file has been edited.")
                .contains("Over budget: the write succeeded, but " + INDEX + " is now 11/10 lines, 0.1/1.0 KB.")
                .contains("Everything past 10 lines or 1.0 KB is dropped from every load")
                .endsWith("Rewrite " + INDEX + " now to about 7 lines / 0.7 KB: one line per entry, detail moved into"
                        + " topic files, stale entries merged or dropped.");
        assertThat(Files.readString(root().resolve("MEMORY.md"))).isEqualTo(lines(11));

        String loaded = readResource("memdir://memory/index");
        assertThat(loaded).startsWith(lines(10)).contains("not loaded: the last 1 line").doesNotContain("topic 11");

        assertThat(text(call(client, "delete", Map.of("path", INDEX)))).isEqualTo("Successfully deleted " + INDEX);
        McpSchema.CallToolResult back = call(client, "create", Map.of("path", INDEX, "file_text", lines(5)));
        assertThat(back.isError()).isFalse();
        assertThat(text(back)).isEqualTo("File created successfully at: " + INDEX);
    }

    @Test
    void renameOntoTheIndexIsChecked() {
        startSmallBudget();
        call(client, "create", Map.of("path", "/memories/draft.md", "file_text", lines(12)));

        McpSchema.CallToolResult renamed = call(client, "rename", Map.of("old_path", "/memories/draft.md",
                "new_path", INDEX));

        assertThat(renamed.isError()).isTrue();
        assertThat(text(renamed)).startsWith("Successfully renamed /memories/draft.md to " + INDEX + "\n\nOver budget:");
    }

    @Test
    void statusResourceGivesTheFiguresAgainstTheBudget() throws Exception {
        startSmallBudget();
        call(client, "create", Map.of("path", INDEX, "file_text", "---\nname: index\n---\n" + lines(9)));
        call(client, "create", Map.of("path", "/memories/topic.md", "file_text", "detail"));

        JsonNode status = LineSession.JSON.readTree(readResource("memdir://memory/status"));

        assertThat(status.path("root").asText()).isEqualTo(root().toRealPath().toString());
        assertThat(status.path("files").asInt()).isEqualTo(2);
        JsonNode index = status.path("index");
        assertThat(index.path("exists").asBoolean()).isTrue();
        assertThat(index.path("lines").asInt()).isEqualTo(9);
        assertThat(index.path("maxLines").asInt()).isEqualTo(10);
        assertThat(index.path("maxBytes").asInt()).isEqualTo(1000);
        assertThat(index.path("verdict").asText()).isEqualTo("near");
        assertThat(index.path("cut").asBoolean()).isFalse();
    }

    @Test
    void instructionsCarryTheProtocolThenTheLoadedIndex() throws Exception {
        Files.createDirectories(root());
        Files.writeString(root().resolve("MEMORY.md"), "---\ntype: index\n---\n<!-- kept out -->\n- a.md: alpha\n");
        client = LegacySdkClient.start(JarLauncher.plain("--root", root().toString()));

        assertThat(client.getServerInstructions())
                .startsWith("IMPORTANT: ALWAYS VIEW YOUR MEMORY DIRECTORY BEFORE DOING ANYTHING ELSE.")
                .endsWith("MEMORY INDEX (/memories/MEMORY.md as loaded, 1/200 lines, 0.0/25.0 KB):\n- a.md: alpha\n")
                .doesNotContain("kept out");
    }

    @Test
    void memoryProtocolPromptIsTheProtocolAsAUserMessage() {
        client = LegacySdkClient.start(JarLauncher.plain("--root", root().toString()));

        McpSchema.GetPromptResult prompt = client.getPrompt(new McpSchema.GetPromptRequest("memory-protocol", Map.of()));

        assertThat(prompt.messages()).hasSize(1);
        assertThat(prompt.messages().get(0).role()).isEqualTo(McpSchema.Role.USER);
        assertThat(((McpSchema.TextContent) prompt.messages().get(0).content()).text())
                .startsWith("IMPORTANT: ALWAYS VIEW YOUR MEMORY DIRECTORY BEFORE DOING ANYTHING ELSE.")
                .endsWith("recorded in your memory directory.");
        assertThat(client.listPrompts().prompts()).extracting(McpSchema.Prompt::name)
                .containsExactlyInAnyOrder("memory-protocol", "project-instructions", "recall");
        assertThat(client.listResources().resources()).extracting(McpSchema.Resource::uri)
                .containsExactlyInAnyOrder("memdir://memory/index", "memdir://memory/status",
                        "memdir://instructions", "memdir://instructions/report");
    }

    @Test
    void subscribedClientHearsOfChangesMadeByAnotherProcessAndOnDisk() throws Exception {
        BlockingQueue<String> updates = new LinkedBlockingQueue<>();
        client = LegacySdkClient.start(JarLauncher.plain("--root", root().toString()),
                contents -> contents.forEach(c -> updates.add(((McpSchema.TextResourceContents) c).text())));
        client.subscribeResource(new McpSchema.SubscribeRequest("memdir://memory/index"));

        try (LineSession second = LineSession.start(root(), temp.resolve("second.log"))) {
            second.initialize();
            second.send(LineSession.toolCall(1, "create", Map.of("path", INDEX, "file_text", "- from the second process\n")));
            assertThat(second.next().path("result").path("isError").asBoolean()).isFalse();
        }
        assertThat(LegacySdkClient.awaitUpdate(updates, "from the second process")).isTrue();

        Files.writeString(root().resolve("MEMORY.md"), "- edited on disk\n");
        assertThat(LegacySdkClient.awaitUpdate(updates, "edited on disk")).isTrue();
    }

    private String readResource(String uri) {
        List<McpSchema.ResourceContents> contents =
                client.readResource(new McpSchema.ReadResourceRequest(uri)).contents();
        return ((McpSchema.TextResourceContents) contents.get(0)).text();
    }
}

package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.LineSession;
import dev.memdir.recall.MemoryCorpus;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recall through the real jar over 500 generated notes and a planted one: prompt, resource template, search tool. */
class RecallIT {

    private static final String PLANTED = MemoryCorpus.PLANTED;

    @TempDir
    Path temp;

    private Path root;

    @BeforeEach
    void writeCorpus() throws Exception {
        root = Files.createDirectories(temp.resolve("box/memory"));
        MemoryCorpus.write(root, 500);
    }

    @Test
    void thePromptGivesThePlantedFileFirstWithItsContents() {
        McpSyncClient client = LegacySdkClient.start(JarLauncher.plain("--root", root.toString()));
        try {
            McpSchema.GetPromptResult prompt = client.getPrompt(new McpSchema.GetPromptRequest("recall",
                    Map.of("query", MemoryCorpus.QUERY)));

            String text = ((McpSchema.TextContent) prompt.messages().get(0).content()).text();
            assertThat(text).startsWith("Memory files matching \"" + MemoryCorpus.QUERY + "\", best first, with"
                    + " their contents:\n\n--- " + PLANTED + " (score ")
                    .contains("Redeploy the previous tag, then check the health endpoint.")
                    .hasSizeLessThanOrEqualTo(20_000);
            assertThatThrownBy(() -> client.getPrompt(new McpSchema.GetPromptRequest("recall", Map.of())))
                    .isInstanceOf(McpError.class).hasMessageContaining("recall needs a query");
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void theResourceTemplateRanksThePlantedFileFirst() throws Exception {
        McpSyncClient client = LegacySdkClient.start(JarLauncher.plain("--root", root.toString()));
        try {
            assertThat(client.listResourceTemplates().resourceTemplates())
                    .anyMatch(template -> template.uriTemplate().equals("memdir://memory/recall{?q}"));

            McpSchema.ReadResourceResult read = client.readResource(
                    new McpSchema.ReadResourceRequest("memdir://memory/recall?q=how%20do%20we+roll+back+a+failed%20deployment"));

            JsonNode body = LineSession.JSON.readTree(((McpSchema.TextResourceContents) read.contents().get(0)).text());
            assertThat(body.path("query").asText()).isEqualTo(MemoryCorpus.QUERY);
            assertThat(body.path("matches")).hasSize(10);
            assertThat(body.path("matches").get(0).path("path").asText()).isEqualTo(PLANTED);
            assertThat(body.path("matches").get(0).path("description").asText())
                    .isEqualTo("how to roll back a failed deployment");
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void theSearchToolIsPublishedOnlyWhenAskedFor() {
        McpSyncClient plain = LegacySdkClient.start(JarLauncher.plain("--root", root.toString()));
        try {
            assertThat(plain.listTools().tools()).extracting(McpSchema.Tool::name)
                    .containsExactly("view", "create", "str_replace", "insert", "delete", "rename");
        } finally {
            plain.closeGracefully();
        }
        McpSyncClient client = LegacySdkClient.start(JarLauncher.plain("--root", root.toString(), "--search-tool"));
        try {
            assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name).endsWith("search").hasSize(7);

            McpSchema.CallToolResult found = client.callTool(new McpSchema.CallToolRequest("search",
                    Map.of("query", MemoryCorpus.QUERY)));
            McpSchema.CallToolResult empty = client.callTool(new McpSchema.CallToolRequest("search",
                    Map.of("query", " ")));

            assertThat(found.isError()).isFalse();
            assertThat(((McpSchema.TextContent) found.content().get(0)).text()).startsWith(
                    "Memory files matching \"" + MemoryCorpus.QUERY + "\", best first:\n" + PLANTED + "\t");
            assertThat(empty.isError()).isTrue();
            assertThat(((McpSchema.TextContent) empty.content().get(0)).text())
                    .isEqualTo("Error: search needs a query of a few words");
        } finally {
            client.closeGracefully();
        }
    }
}

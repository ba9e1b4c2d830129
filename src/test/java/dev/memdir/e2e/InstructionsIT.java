package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.LineSession;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Instruction resolution through the real jar: resources, template, prompt, roots, updates and the CLI. */
class InstructionsIT {

    @TempDir
    Path temp;

    private Path base;
    private Path home;
    private Path project;
    private McpSyncClient client;

    @BeforeEach
    void tree() throws Exception {
        base = temp.toRealPath().resolve("tree");
        home = Files.createDirectories(base.resolve("home"));
        project = Files.createDirectories(base.resolve("work/app"));
        write(home.resolve(".claude/CLAUDE.md"), "Prefer short answers.\n");
        write(project.resolve("CLAUDE.md"), "# App\nBuild with `mvn verify`. See @docs/style.md\n");
        write(project.resolve("docs/style.md"), "Four-space indents.\n");
        write(project.resolve(".claude/rules/api.md"), "---\npaths: \"api/**\"\n---\nValidate every request.\n");
        write(project.resolve("api/CLAUDE.md"), "The API is versioned.\n");
        write(temp.resolve("memory/MEMORY.md"), "- style.md: code style\n");
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.closeGracefully();
        }
    }

    private static void write(Path file, String text) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private List<String> args(String... extra) {
        List<String> args = new ArrayList<>(List.of("--root", temp.resolve("memory").toString(),
                "--claude-config-dir", home.resolve(".claude").toString(),
                "--managed-dir", base.resolve("etc/claude-code").toString()));
        args.addAll(List.of(extra));
        return args;
    }

    private McpSyncClient start(List<String> args, List<McpSchema.Root> roots, BlockingQueue<String> updates) {
        ServerParameters parameters = JarLauncher.plain(args.toArray(String[]::new))
                .env("HOME", home.toString()).sdkParameters();
        StdioClientTransport transport = new StdioClientTransport(parameters, McpJsonDefaults.getMapper());
        McpClient.SyncSpec spec = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(30))
                .initializationTimeout(Duration.ofSeconds(30))
                .resourcesUpdateConsumer(contents -> contents.forEach(
                        c -> updates.add(c.uri() + "\n" + ((McpSchema.TextResourceContents) c).text())));
        if (!roots.isEmpty()) {
            spec.capabilities(McpSchema.ClientCapabilities.builder().roots(true).build()).roots(roots);
        }
        client = spec.build();
        client.initialize();
        return client;
    }

    private String read(String uri) {
        return ((McpSchema.TextResourceContents) client.readResource(new McpSchema.ReadResourceRequest(uri))
                .contents().get(0)).text();
    }

    @Test
    void resourcesTemplateAndPromptGiveTheResolvedInstructions() throws Exception {
        start(args("--project", project.toString()), List.of(), new LinkedBlockingQueue<>());

        String text = read("memdir://instructions");
        assertThat(text).isEqualTo(
                "Contents of " + home.resolve(".claude/CLAUDE.md")
                        + " (user's private global instructions for all projects):\n\nPrefer short answers.\n\n"
                        + "Contents of " + project.resolve("CLAUDE.md")
                        + " (project instructions, checked into the codebase):\n\n"
                        + "# App\nBuild with `mvn verify`. See @docs/style.md\n\n"
                        + "Contents of " + project.resolve("docs/style.md") + " (imported by "
                        + project.resolve("CLAUDE.md") + "):\n\nFour-space indents.");

        JsonNode report = LineSession.JSON.readTree(read("memdir://instructions/report"));
        assertThat(report.path("project").asText()).isEqualTo(project.toString());
        JsonNode rule = find(report, project.resolve(".claude/rules/api.md"));
        assertThat(rule.path("scope").asText()).isEqualTo("rule");
        assertThat(rule.path("contributes").asBoolean()).isFalse();
        assertThat(rule.path("reason").asText()).isEqualTo("unmatched-paths");
        assertThat(rule.path("origin").path("paths").get(0).asText()).isEqualTo("api/**");
        JsonNode imported = find(report, project.resolve("docs/style.md"));
        assertThat(imported.path("scope").asText()).isEqualTo("import");
        assertThat(imported.path("origin").path("line").asInt()).isEqualTo(2);
        assertThat(imported.path("loaded_chars").asInt()).isEqualTo("Four-space indents.".length());
        JsonNode index = find(report, temp.resolve("memory").toRealPath().resolve("MEMORY.md"));
        assertThat(index.path("scope").asText()).isEqualTo("memory-index");
        assertThat(index.path("contributes").asBoolean()).isTrue();
        assertThat(index.path("outside_project").asBoolean()).isTrue();

        assertThat(read("memdir://instructions/for/api/v1/users.ts")).isEqualTo(
                "Contents of " + project.resolve("api/CLAUDE.md")
                        + " (project instructions, checked into the codebase):\n\nThe API is versioned.\n\n"
                        + "Contents of " + project.resolve(".claude/rules/api.md")
                        + " (project rule, checked into the codebase):\n\nValidate every request.");
        assertThat(read("memdir://instructions/for/web/index.html")).isEmpty();

        McpSchema.GetPromptResult prompt = client.getPrompt(
                new McpSchema.GetPromptRequest("project-instructions", Map.of()));
        String message = ((McpSchema.TextContent) prompt.messages().get(0).content()).text();
        assertThat(message).startsWith(text).endsWith("(memory index, as loaded):\n\n- style.md: code style\n");
        assertThat(client.listResourceTemplates().resourceTemplates())
                .extracting(McpSchema.ResourceTemplate::uriTemplate)
                .containsExactlyInAnyOrder("memdir://instructions/for/{+path}", "memdir://memory/recall{?q}",
                        "memdir://memory/history/{+path}");
    }

    @Test
    void projectComesFromTheClientsFirstRootAndFollowsItsChanges() throws Exception {
        Path other = Files.createDirectories(base.resolve("work/other"));
        write(other.resolve("CLAUDE.md"), "Other project.\n");
        BlockingQueue<String> updates = new LinkedBlockingQueue<>();
        start(args(), List.of(new McpSchema.Root(project.toUri().toString(), "app")), updates);

        assertThat(read("memdir://instructions")).contains("# App");
        client.subscribeResource(new McpSchema.SubscribeRequest("memdir://instructions"));

        client.addRoot(new McpSchema.Root(other.toUri().toString(), "other"));
        client.removeRoot(project.toUri().toString());
        client.rootsListChangedNotification();

        assertThat(LegacySdkClient.awaitUpdate(updates, "Other project.")).isTrue();
        assertThat(read("memdir://instructions")).contains("Other project.").doesNotContain("# App");
    }

    @Test
    void subscribersHearOfANewClaudeMdInAWalkedDirectory() throws Exception {
        BlockingQueue<String> updates = new LinkedBlockingQueue<>();
        start(args("--project", project.toString()), List.of(), updates);
        read("memdir://instructions");
        client.subscribeResource(new McpSchema.SubscribeRequest("memdir://instructions"));

        write(base.resolve("work/CLAUDE.md"), "A new workspace rule.\n");

        assertThat(LegacySdkClient.awaitUpdate(updates, "A new workspace rule.")).isTrue();
    }

    private static JsonNode find(JsonNode report, Path path) {
        for (JsonNode file : report.path("files")) {
            if (file.path("path").asText().equals(path.toString())) {
                return file;
            }
        }
        throw new AssertionError(path + " is not in the report: " + report);
    }

}

package dev.memdir.e2e;

import static dev.memdir.e2e.support.MemdirUris.INDEX;
import static dev.memdir.e2e.support.MemdirUris.INSTRUCTIONS;
import static dev.memdir.e2e.support.MemdirUris.REPORT;
import static dev.memdir.e2e.support.MemdirUris.STATUS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.MAP;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.LineSession;
import dev.memdir.e2e.support.McpCalls;
import dev.memdir.e2e.support.ModernSdkClient;
import dev.memdir.e2e.support.ReplyRecorder;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real jar through the MCP Java SDK's 2026-07-28 client: server/discover, the tools, resources, templates,
 * prompts and completions of 2025-11-25 with the same texts, cache hints on lists and reads, and the errors.
 * Where the SDK fills in what a result leaves out, the wire ({@link ReplyRecorder}) is looked at instead.
 */
class ModernClientIT {

    private static final String HISTORY_TEMPLATE = "memdir://memory/history/{+path}";
    private static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";

    @TempDir
    Path temp;

    private Path root;
    private ModernSdkClient modern;

    @BeforeEach
    void start() throws Exception {
        root = Files.createDirectories(temp.resolve("memory"));
        Files.writeString(root.resolve("MEMORY.md"), "- people.md: who runs what\n");
        Files.writeString(root.resolve("people.md"), "Alice runs the backups\n");
        Files.writeString(root.resolve("deployment.md"), "Ship on Tuesdays\n");
        Path project = Files.createDirectories(temp.resolve("project/src")).getParent();
        Files.writeString(project.resolve("CLAUDE.md"), "# App\nUse four-space indents.\n");
        modern = ModernSdkClient.start(launcher());
    }

    @AfterEach
    void stop() {
        modern.close();
    }

    /** The same line for both clients: the memory, the project, and nothing read from the machine's own files. */
    private JarLauncher launcher() throws Exception {
        Path empty = Files.createDirectories(temp.resolve("empty"));
        return JarLauncher.plain("--root", root.toString(), "--project", temp.resolve("project").toString(),
                "--claude-config-dir", empty.toString(), "--managed-dir", empty.toString(), "--session-id", "s-1")
                .env("HOME", empty.toString());
    }

    /** A 2025-11-25 session on the same memory, for what the answers over 2026-07-28 must equal. */
    private <T> T legacy(Function<McpCalls, T> question) throws Exception {
        io.modelcontextprotocol.client.McpSyncClient client = LegacySdkClient.start(launcher());
        try {
            return question.apply(LegacySdkClient.calls(client));
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void discoverNamesBothRevisionsTheServerAndTheInstructionsInitializeGives() throws Exception {
        McpSchema.DiscoverResult discover = modern.client().discover();

        assertThat(discover.supportedVersions()).contains("2026-07-28", "2025-11-25");
        assertThat(discover.meta()).extractingByKey(SERVER_INFO).asInstanceOf(MAP)
                .containsEntry("name", "memdir").containsEntry("version", System.getProperty("memdir.version"));
        assertThat(discover.capabilities().tools()).isNotNull();
        assertThat(discover.capabilities().resources().subscribe()).isTrue();
        assertThat(discover.capabilities().prompts()).isNotNull();
        assertThat(discover.capabilities().completions()).isNotNull();
        assertThat(discover.instructions())
                .startsWith("IMPORTANT: ALWAYS VIEW YOUR MEMORY DIRECTORY BEFORE DOING ANYTHING ELSE.")
                .contains("- people.md: who runs what")
                .isEqualTo(legacy(McpCalls::instructions));
        assertThat(modern.wire().results("server/discover")).singleElement()
                .satisfies(result -> assertThat(result).containsEntry("resultType", "complete")
                        .containsKeys("ttlMs", "cacheScope"));
    }

    @Test
    void toolsAreTheToolsOf2025_11_25InTheirOrderWithTheirSchemas_cachedLongAndPublic() throws Exception {
        McpSchema.ListToolsResult tools = modern.client().tools().list();

        assertThat(tools.tools()).extracting(McpSchema.Tool::name)
                .containsExactly("view", "create", "str_replace", "insert", "delete", "rename");
        assertThat(McpCalls.json(tools.tools())).isEqualTo(legacy(McpCalls::tools));
        assertThat(tools.cacheScope()).isEqualTo(McpSchema.CacheScope.PUBLIC);
        assertThat(tools.ttlMs()).isPositive();
    }

    /** One call of a tool and its whole answer. */
    private record Step(String tool, Map<String, Object> arguments, boolean error, String answer) {}

    @Test
    void theSixToolsGiveTheirExactAnswers() throws Exception {
        String file = "/memories/notes/todo.md";
        List<Step> steps = List.of(
                new Step("create", Map.of("path", file, "file_text", "alpha\nbeta\ngamma\n"), false,
                        "File created successfully at: " + file),
                new Step("view", Map.of("path", file), false, "Here's the content of " + file
                        + " with line numbers:\n     1\talpha\n     2\tbeta\n     3\tgamma\n     4\t"),
                new Step("str_replace", Map.of("path", file, "old_str", "beta", "new_str", "BETA"), false,
                        "The memory file has been edited. Here is the snippet showing the change (with line"
                                + " numbers):\n     1\talpha\n     2\tBETA\n     3\tgamma\n     4\t"),
                new Step("insert", Map.of("path", file, "insert_line", 1, "insert_text", "inserted\n"), false,
                        "The file " + file + " has been edited."),
                new Step("view", Map.of("path", file, "view_range", List.of(2, 3)), false,
                        "Here's the content of " + file + " with line numbers:\n     2\tinserted\n     3\tBETA"),
                new Step("rename", Map.of("old_path", file, "new_path", "/memories/archive/todo.md"), false,
                        "Successfully renamed " + file + " to /memories/archive/todo.md"),
                new Step("str_replace", Map.of("path", file, "old_str", "x"), true,
                        "Error: The path " + file + " does not exist. Please provide a valid path."),
                new Step("view", Map.of("path", "/memories/../../etc/passwd"), true,
                        "Error: Path /memories/../../etc/passwd would escape /memories directory"),
                new Step("delete", Map.of("path", "/memories/archive"), false,
                        "Successfully deleted /memories/archive"));

        List<String> answers = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (Step step : steps) {
            McpSchema.CallToolResult result = modern.call(step.tool(), step.arguments());
            answers.add(step.tool() + " -> " + Boolean.TRUE.equals(result.isError()) + " "
                    + ModernSdkClient.text(result));
            expected.add(step.tool() + " -> " + step.error() + " " + step.answer());
        }

        assertThat(answers).containsExactlyElementsOf(expected);
        assertThat(root.resolve("archive")).doesNotExist();
        assertThat(root.resolve("notes")).isEmptyDirectory();
    }

    @Test
    void theFourResourcesAreListedAndReadAsOn2025_11_25_cachedShortAndPrivate() throws Exception {
        McpSchema.ListResourcesResult listed = modern.client().resources().list();
        long toolsTtl = modern.client().tools().list().ttlMs();
        List<String> uris = List.of(INDEX, STATUS, INSTRUCTIONS, REPORT);

        assertThat(listed.resources()).extracting(McpSchema.Resource::uri).containsExactlyInAnyOrderElementsOf(uris);
        assertThat(McpCalls.jsonInAnyOrder(listed.resources())).isEqualTo(legacy(McpCalls::resources));
        List<String> texts = new ArrayList<>();
        for (String uri : uris) {
            McpSchema.ReadResourceResult read = modern.client().resource(uri).read();
            assertThat(read.cacheScope()).as(uri).isEqualTo(McpSchema.CacheScope.PRIVATE);
            assertThat(read.ttlMs()).as(uri).isLessThan(toolsTtl);
            texts.add(ModernSdkClient.text(read));
        }

        assertThat(texts).map(ScriptedSession::withoutTimesAndHashes).containsExactlyElementsOf(
                legacy(calls -> uris.stream().map(calls::read).map(ScriptedSession::withoutTimesAndHashes).toList()));
        assertThat(texts.get(0)).startsWith("- people.md: who runs what\n");
        assertThat(LineSession.JSON.readTree(texts.get(1)).path("files").asInt()).isEqualTo(3);
        assertThat(texts.get(2)).contains("# App\nUse four-space indents.");
        assertThat(modern.wire().results("resources/read")).hasSize(uris.size())
                .allSatisfy(result -> assertThat(result).containsKeys("ttlMs", "cacheScope"));
        assertThat(modern.wire().results("resources/list")).singleElement()
                .satisfies(result -> assertThat(result).containsKeys("ttlMs", "cacheScope"));
    }

    @Test
    void templatesAreListedAndAHistoryAndARecallUriAreRead() throws Exception {
        McpSchema.ListResourceTemplatesResult templates = modern.client().resourceTemplates().list();
        assertThat(templates.resourceTemplates()).extracting(McpSchema.ResourceTemplate::uriTemplate)
                .containsExactlyInAnyOrder("memdir://instructions/for/{+path}", "memdir://memory/recall{?q}",
                        HISTORY_TEMPLATE);
        assertThat(McpCalls.jsonInAnyOrder(templates.resourceTemplates())).isEqualTo(legacy(McpCalls::templates));
        assertThat(templates.cacheScope()).isEqualTo(McpSchema.CacheScope.PUBLIC);
        assertThat(templates.ttlMs()).isPositive();

        modern.call("create", Map.of("path", "/memories/plan.md", "file_text", "step one\n"));
        modern.call("str_replace", Map.of("path", "/memories/plan.md", "old_str", "one", "new_str", "two"));
        McpSchema.ReadResourceResult history = modern.client().resource("memdir://memory/history/plan.md").read();
        McpSchema.ReadResourceResult recall = modern.client().resource("memdir://memory/recall?q=backups").read();

        JsonNode versions = LineSession.JSON.readTree(ModernSdkClient.text(history));
        assertThat(versions.path("path").asText()).isEqualTo("/memories/plan.md");
        assertThat(versions.path("versions").findValuesAsText("version")).containsExactly("1");
        assertThat(versions.path("versions").findValuesAsText("session")).containsExactly("s-1");
        assertThat(versions.path("versions").get(0).path("size").asInt()).isEqualTo("step one\n".length());
        JsonNode matches = LineSession.JSON.readTree(ModernSdkClient.text(recall));
        assertThat(matches.path("query").asText()).isEqualTo("backups");
        assertThat(matches.path("matches").get(0).path("path").asText()).isEqualTo("/memories/people.md");
        for (McpSchema.ReadResourceResult read : List.of(history, recall)) {
            assertThat(read.cacheScope()).isEqualTo(McpSchema.CacheScope.PRIVATE);
            assertThat(read.ttlMs()).isLessThan(templates.ttlMs());
        }
        assertThat(modern.read("memdir://instructions/for/src/Main.java"))
                .isEqualTo(legacy(calls -> calls.read("memdir://instructions/for/src/Main.java")));
    }

    @Test
    void promptsAreListedAndGotAsOn2025_11_25() throws Exception {
        McpSchema.ListPromptsResult prompts = modern.client().prompts().list();

        assertThat(prompts.prompts()).extracting(McpSchema.Prompt::name)
                .containsExactlyInAnyOrder("memory-protocol", "project-instructions", "recall");
        assertThat(McpCalls.jsonInAnyOrder(prompts.prompts())).isEqualTo(legacy(McpCalls::prompts));
        assertThat(prompts.cacheScope()).isEqualTo(McpSchema.CacheScope.PUBLIC);
        assertThat(prompts.ttlMs()).isPositive();
        List<String> texts = List.of(modern.prompt("memory-protocol", Map.of()),
                modern.prompt("project-instructions", Map.of()), modern.prompt("recall", Map.of("query", "backups")));
        assertThat(texts).containsExactlyElementsOf(legacy(calls -> List.of(calls.prompt("memory-protocol", Map.of()),
                calls.prompt("project-instructions", Map.of()), calls.prompt("recall", Map.of("query", "backups")))));
        assertThat(texts.get(0)).startsWith("IMPORTANT: ALWAYS VIEW YOUR MEMORY DIRECTORY BEFORE DOING ANYTHING ELSE.");
        assertThat(texts.get(2)).startsWith("Memory files matching \"backups\"").contains("Alice runs the backups");
    }

    @Test
    void historyPathsRecallQueriesAndInstructionPathsAreCompletedAsOn2025_11_25() throws Exception {
        McpSchema.CompleteResult.Completion paths = modern.complete(new McpSchema.ResourceReference(HISTORY_TEMPLATE),
                "path", "pe");
        assertThat(paths.values()).containsExactly("people.md");
        assertThat(paths.hasMore()).isNotEqualTo(Boolean.TRUE);
        assertThat(modern.completePrompt("recall", "query", "dep")).containsExactly("deployment");
        assertThat(modern.completeResource("memdir://instructions/for/{+path}", "path", "")).contains("src/");
        assertThat(completions(modern)).isEqualTo(legacy(ModernClientIT::completions));
    }

    private static List<List<String>> completions(McpCalls calls) {
        return List.of(calls.completeResource(HISTORY_TEMPLATE, "path", ""),
                calls.completeResource("memdir://instructions/for/{+path}", "path", ""),
                calls.completePrompt("recall", "query", ""));
    }

    @Test
    void anUnknownResourceIsInvalidParams() {
        assertThatThrownBy(() -> modern.client().resource("memdir://nope").read())
                .isInstanceOfSatisfying(McpException.class, e -> assertThat(e.error().code()).isEqualTo(-32602));
        assertThat(modern.read(INDEX)).startsWith("- people.md");
    }

    @Test
    void anUnknownToolIsInvalidParamsNamingIt() {
        assertThatThrownBy(() -> modern.call("format_disk", Map.of()))
                .isInstanceOfSatisfying(McpException.class, e -> assertThat(e.error().code()).isEqualTo(-32602))
                .hasMessage("Unknown tool: format_disk");
        assertThat(ModernSdkClient.text(modern.call("view", Map.of("path", "/memories/people.md"))))
                .contains("Alice runs the backups");
    }

    /** Each request's reply on the wire: complete, naming the server (the SDK would fill in a missing resultType). */
    @Test
    void everyRequestIsAnsweredOnTheWireByOneCompleteResultNamingTheServer() {
        modern.client().discover();
        modern.client().tools().list();
        modern.call("view", Map.of("path", "/memories"));
        modern.client().resources().list();
        modern.read(STATUS);
        modern.client().resourceTemplates().list();
        modern.client().prompts().list();
        modern.prompt("memory-protocol", Map.of());
        modern.completePrompt("recall", "query", "dep");

        List<String> methods = new ArrayList<>();
        for (ReplyRecorder.Reply reply : modern.wire().replies()) {
            methods.add(reply.method());
            Map<String, Object> result = ReplyRecorder.result(reply);
            assertThat(result).as(reply.method()).containsEntry("resultType", "complete");
            assertThat(result).as(reply.method()).extractingByKey("_meta").asInstanceOf(MAP)
                    .extractingByKey(SERVER_INFO).asInstanceOf(MAP).containsEntry("name", "memdir");
        }
        assertThat(methods).containsExactly("server/discover", "tools/list", "tools/call", "resources/list",
                "resources/read", "resources/templates/list", "prompts/list", "prompts/get", "completion/complete");
    }
}

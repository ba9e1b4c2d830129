package dev.memdir.e2e;

import static dev.memdir.e2e.support.LegacySdkClient.call;
import static dev.memdir.e2e.support.LegacySdkClient.text;
import static dev.memdir.e2e.support.McpHttp.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.LineSession;
import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.TokenStore;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool {@code context} that Claude Code's hooks call, through the real jar: published only with --context-tool,
 * answering hook JSON; and what a hostile caller can make it cost or read (docs/claude-code.md).
 */
class ContextToolIT {

    private static final String DENTIST = "---\nname: dentist\ndescription: Dr. Lin, the dentist, and the next"
            + " appointment\n---\nNext appointment with Dr. Lin: 14 January 2027 at 9:30.\n";
    private static final String USAGE = "{\"type\":\"assistant\",\"message\":{\"usage\":{\"input_tokens\":150000,"
            + "\"output_tokens\":5}}}\n";
    private static final String REMINDER = "will be summarized before long";

    @TempDir
    Path temp;

    private Path root;
    private Path home;
    private McpSyncClient client;

    @BeforeEach
    void memory() throws Exception {
        root = temp.resolve("memory");
        home = Files.createDirectories(temp.resolve("home"));
        Files.createDirectories(root.resolve("people"));
        Files.writeString(root.resolve("people/dentist.md"), DENTIST);
        Files.createDirectories(root.resolve("db"));
        Files.writeString(root.resolve("db/migrations.md"), "---\ndescription: how migrations are written\npaths:"
                + " migrations/**\n---\nNever edit a merged migration.\n");
    }

    @AfterEach
    void close() {
        if (client != null) {
            client.closeGracefully();
        }
    }

    private McpSyncClient start(String... more) {
        String[] args = new String[more.length + 4];
        System.arraycopy(new String[] {"--root", root.toString(), "--recall", "keywords"}, 0, args, 0, 4);
        System.arraycopy(more, 0, args, 4, more.length);
        client = LegacySdkClient.start(JarLauncher.plain(args).env("HOME", home.toString())
                .env("CLAUDE_CONFIG_DIR", home.resolve(".claude").toString()));
        return client;
    }

    private JsonNode hook(Map<String, Object> arguments) throws Exception {
        return LineSession.JSON.readTree(text(call(client, "context", arguments)));
    }

    private static Map<String, Object> prompt(String session, String prompt) {
        return Map.of("event", "UserPromptSubmit", "session", session, "prompt", prompt);
    }

    @Test
    void theToolIsPublishedOnlyWithContextTool() {
        assertThat(start().listTools().tools()).extracting(McpSchema.Tool::name).doesNotContain("context");
        client.closeGracefully();

        assertThat(start("--context-tool").listTools().tools()).extracting(McpSchema.Tool::name).contains("context");
    }

    @Test
    void eachHookEventGetsWhatClaudeCodeReads() throws Exception {
        start("--context-tool");

        JsonNode relevant = hook(prompt("s", "When is my dentist appointment?"));
        assertThat(relevant.at("/hookSpecificOutput/hookEventName").asText()).isEqualTo("UserPromptSubmit");
        assertThat(relevant.at("/hookSpecificOutput/additionalContext").asText())
                .contains("## /memories/people/dentist.md: Dr. Lin, the dentist, and the next appointment\n"
                        + "Next appointment with Dr. Lin: 14 January 2027 at 9:30.");
        assertThat(hook(prompt("s", "Write a haiku about snow."))).as("nothing to add").isEqualTo(
                LineSession.JSON.createObjectNode());

        JsonNode file = hook(Map.of("event", "PostToolUse", "session", "s", "file", "/repo/migrations/1.sql", "cwd",
                "/repo"));
        assertThat(file.at("/hookSpecificOutput/hookEventName").asText()).isEqualTo("PostToolUse");
        assertThat(file.at("/hookSpecificOutput/additionalContext").asText()).contains("Never edit a merged migration.");

        String beforeSummary = text(call(client, "context", Map.of("event", "PreCompact", "session", "s")));
        assertThat(beforeSummary).startsWith("memdir, the memory server: keep in the summary")
                .contains("/memories/people/dentist.md, /memories/db/migrations.md.");
        JsonNode afterSummary = hook(Map.of("event", "SessionStart", "session", "s", "source", "compact"));
        assertThat(afterSummary.at("/hookSpecificOutput/hookEventName").asText()).isEqualTo("SessionStart");
        assertThat(afterSummary.at("/hookSpecificOutput/additionalContext").asText())
                .startsWith("The conversation was just summarized.").contains("14 January 2027");
        assertThat(hook(Map.of("event", "SessionStart", "session", "s", "source", "startup"))).isEmpty();
    }

    @Test
    void anUnknownEventIsAnErrorResultNamingTheEvents() {
        start("--context-tool");

        McpSchema.CallToolResult result = call(client, "context", Map.of("event", "Stop"));

        assertThat(result.isError()).isTrue();
        assertThat(text(result)).isEqualTo("Error: context needs an event of Claude Code's hooks: UserPromptSubmit,"
                + " PostToolUse, PreCompact or SessionStart");
    }

    @Test
    void attack_aHugePromptCostsNoMoreThanItsStart() throws Exception {
        start("--context-tool");
        String filler = " lorem ipsum dolor".repeat(60_000);
        String question = " When is my dentist appointment?".repeat(70);

        JsonNode early = hook(prompt("a", question + filler));
        JsonNode late = hook(prompt("b", filler + question));

        assertThat(early.at("/hookSpecificOutput/additionalContext").asText()).contains("14 January 2027");
        assertThat(late).as("past the first 2,000 characters nothing is read").isEmpty();
    }

    @Test
    void attack_sessionsPastTheMostAreForgotten_soNoCallerGrowsTheServer() throws Exception {
        start("--context-tool");
        assertThat(hook(prompt("first", "When is my dentist appointment?"))).isNotEmpty();
        assertThat(hook(prompt("first", "When is my dentist appointment?"))).as("once a session").isEmpty();

        for (int i = 0; i < 300; i++) {
            hook(prompt("flood-" + i + "-" + "x".repeat(500), "When is my dentist appointment?"));
        }

        assertThat(hook(prompt("first", "When is my dentist appointment?"))).as("forgotten: the ledger is bounded")
                .isNotEmpty();
    }

    @Test
    void attack_onlyATranscriptBelowClaudeCodesProjectsIsRead() throws Exception {
        start("--context-tool");
        Path outside = Files.writeString(temp.resolve("elsewhere.jsonl"), USAGE);
        Path inside = home.resolve(".claude/projects/p/session.jsonl");
        Files.createDirectories(inside.getParent());
        Files.writeString(inside, USAGE);
        Files.createSymbolicLink(home.resolve(".claude/projects/p/link.jsonl"), outside);

        for (String transcript : new String[] {outside.toString(), home.resolve(".claude/projects/p/link.jsonl")
                .toString(), home.resolve(".claude/projects/p/../../../../elsewhere.jsonl").toString(), "/etc/passwd"}) {
            Map<String, Object> arguments = new HashMap<>(prompt("s-" + transcript.length(), "Go on."));
            arguments.put("transcript", transcript);
            assertThat(hook(arguments)).as(transcript).isEmpty();
        }
        Map<String, Object> arguments = new HashMap<>(prompt("s", "Go on."));
        arguments.put("transcript", inside.toString());
        assertThat(hook(arguments).at("/hookSpecificOutput/additionalContext").asText()).contains(REMINDER);
    }

    @Test
    void attack_aTeamServerNeverReadsATranscript_andMatchesAPrincipalsFilesByName(@TempDir Path team)
            throws Exception {
        TokenStore store = TokenStore.fresh("directory", team);
        String token = store.token("alice");
        try (ServingJar server = store.serve("--context-tool")) {
            McpHttp alice = new McpHttp(server.mcp(), token);
            McpHttp.text(alice.call("tools/call", tool("create", Map.of("path", "/memories/db/migrations.md",
                    "file_text", "---\npaths: migrations/**\n---\nAlice's migrations rule.\n"))));
            Path theirs = Files.createDirectories(team.resolve("home/.claude/projects/p")).resolve("s.jsonl");
            Files.writeString(theirs, USAGE);

            String prompt = McpHttp.text(alice.call("tools/call", tool("context", Map.of("event", "UserPromptSubmit",
                    "session", "s", "prompt", "Go on.", "transcript", theirs.toString()))));
            String file = McpHttp.text(alice.call("tools/call", tool("context", Map.of("event", "PostToolUse",
                    "session", "s", "file", "/home/alice/repo/migrations/1.sql", "cwd", "/home/alice/repo"))));

            assertThat(prompt).isEqualTo("{}");
            assertThat(file).contains("Alice's migrations rule.");
        }
    }
}

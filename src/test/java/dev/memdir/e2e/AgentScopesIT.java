package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarRun;
import dev.memdir.e2e.support.LineSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code --agent NAME --scope user|project|local}: an agent's own memory, where Claude Code keeps a subagent's. */
class AgentScopesIT {

    @TempDir
    Path temp;

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "user, claude-config/agent-memory/review-bot",
        "project, project/.claude/agent-memory/review-bot",
        "local, project/.claude/agent-memory-local/review-bot",
    })
    void eachScopeKeepsTheAgentsMemoryWhereClaudeCodeKeepsIt(String scope, String expected) throws Exception {
        Path work = temp.resolve("work");
        Path project = Files.createDirectories(work.resolve("project"));
        Map<String, String> env = Map.of("MEMDIR_AGENT", "review:bot", "MEMDIR_SCOPE", scope,
                "CLAUDE_CONFIG_DIR", work.resolve("claude-config").toString());
        try (LineSession session = LineSession.startIn(project, env, temp.resolve("stderr.log"))) {
            session.initialize();
            session.send(LineSession.toolCall(1, "create", Map.of("path", "/memories/notes.md",
                    "file_text", "kept\n")));
            JsonNode created = session.next();
            assertThat(created.path("result").path("isError").asBoolean()).as(created.toString()).isFalse();
        }

        assertThat(Files.readString(work.resolve(expected).resolve("notes.md"))).isEqualTo("kept\n");
        try (var everything = Files.walk(work)) {
            assertThat(everything.filter(path -> path.getFileName().toString().equals("notes.md")))
                    .containsExactly(work.resolve(expected).resolve("notes.md"));
        }
    }

    @Test
    void anAgentWithoutAScopeDoesNotStart() throws Exception {
        JarRun run = JarRun.of(temp, "--agent", "review-bot");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).isEqualTo("memdir: --agent needs --scope user|project|local: user memory is shared"
                + " by every project, project memory lives in the project (and git), local memory in the project but"
                + " out of git\n");
    }

    @Test
    void configRegistersEachAgentAndScopeUnderItsOwnName() throws Exception {
        JarRun run = JarRun.of(temp, "config", "claude-code", "--", "--agent", "review:bot", "--scope", "project");

        assertThat(run.stdout()).startsWith("claude mcp add --scope user memdir-review-bot-project -- ")
                .endsWith(" -jar " + JarLauncher.jar() + " --agent review:bot --scope project\n");
    }
}

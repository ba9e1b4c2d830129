package dev.memdir.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ClaudeSettingsFileTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ClaudeCodeSetup ALL = new ClaudeCodeSetup("memdir", EnumSet.allOf(ClaudeCodePart.class));
    private static final String USERS = "{\n    \"permissions\": {\n        \"allow\": [\"Bash(git status)\"],\n"
            + "        \"deny\": [\"Bash(rm -rf *)\"]\n    },\n    \"hooks\": {\n        \"UserPromptSubmit\": [\n"
            + "            {\"hooks\": [{\"type\": \"command\", \"command\": \"say hi\"}]}\n        ]\n    },\n"
            + "    \"autoMemoryEnabled\": true,\n    \"env\": {\"EDITOR\": \"vim\"}\n}\n";

    @TempDir
    Path temp;

    private Path file;
    private ClaudeSettingsFile settings;

    @BeforeEach
    void paths() {
        file = temp.resolve(".claude/settings.json");
        settings = new ClaudeSettingsFile(file, temp.resolve(".memdir/claude-code-install.json"));
    }

    @Test
    void anInstallKeepsTheUsersOwnSettingsAndHooks_addingMemdirsBesideThem() throws Exception {
        write(USERS);

        settings.install(ALL);

        JsonNode merged = JSON.readTree(file.toFile());
        assertThat(merged.at("/env/EDITOR").asText()).isEqualTo("vim");
        assertThat(merged.at("/permissions/allow/0").asText()).isEqualTo("Bash(git status)");
        assertThat(JSON.convertValue(merged.at("/permissions/deny"), java.util.List.class))
                .containsExactly("Bash(rm -rf *)", "mcp__memdir__context");
        assertThat(merged.at("/hooks/UserPromptSubmit")).hasSize(2);
        assertThat(merged.at("/hooks/UserPromptSubmit/0/hooks/0/command").asText()).isEqualTo("say hi");
        assertThat(merged.at("/hooks/UserPromptSubmit/1/hooks/0/type").asText()).isEqualTo("mcp_tool");
        assertThat(merged.at("/hooks/UserPromptSubmit/1/hooks/0/input/prompt").asText()).isEqualTo("${prompt}");
        assertThat(merged.at("/hooks/PostToolUse/0/matcher").asText()).isEqualTo("Read|Edit|Write");
        assertThat(merged.at("/hooks/PostToolUse/0/hooks/0/input/file").asText()).isEqualTo("${tool_input.file_path}");
        assertThat(merged.at("/hooks/PreCompact/0/hooks/0/tool").asText()).isEqualTo("context");
        assertThat(merged.at("/hooks/SessionStart/0/matcher").asText()).isEqualTo("compact");
        assertThat(merged.path("autoMemoryEnabled").asBoolean(true)).isFalse();
        assertThat(read()).startsWith("{\n    \"permissions\": {\n        \"allow\": [\"Bash(git status)\"],\n");
    }

    @Test
    void installingTwiceIsInstallingOnce_andUninstallGivesTheFileBackByteForByte() throws Exception {
        write(USERS);
        settings.install(ALL);
        String once = read();

        settings.install(ALL);
        assertThat(read()).isEqualTo(once);

        assertThat(settings.uninstall(ALL)).isTrue();
        assertThat(read()).isEqualTo(USERS);
        assertThat(temp.resolve(".memdir/claude-code-install.json")).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}\n", "{\n  \"theme\": \"dark\"\n}\n", "{\"theme\": \"dark\", \"hooks\": {}}",
            "{\r\n\t\"autoMemoryEnabled\": false,\r\n\t\"permissions\": {\"deny\": []}\r\n}\r\n"})
    void uninstallAfterInstallGivesAnyFileBack(String text) throws Exception {
        write(text);

        settings.install(ALL);
        settings.uninstall(ALL);

        assertThat(read()).isEqualTo(text);
    }

    @Test
    void withoutAFileAnInstallMakesOne_andUninstallTakesItAway() throws Exception {
        settings.install(ALL);
        assertThat(JSON.readTree(file.toFile()).path("hooks").size()).isEqualTo(4);

        settings.uninstall(ALL);

        assertThat(file).doesNotExist();
    }

    @Test
    void anotherReinstallWithFewerPartsTakesTheOthersOut() throws Exception {
        write(USERS);
        settings.install(ALL);

        settings.install(new ClaudeCodeSetup("memdir", Set.of(ClaudeCodePart.PROMPT)));

        JsonNode merged = JSON.readTree(file.toFile());
        assertThat(merged.path("hooks").has("PostToolUse")).isFalse();
        assertThat(merged.path("hooks").has("PreCompact")).isFalse();
        assertThat(merged.at("/hooks/UserPromptSubmit")).hasSize(2);
        assertThat(merged.at("/hooks/UserPromptSubmit/1/hooks/0/input").has("transcript")).isFalse();
        assertThat(merged.path("autoMemoryEnabled").asBoolean()).as("the user's own value, back").isTrue();
        settings.uninstall(ALL);
        assertThat(read()).isEqualTo(USERS);
    }

    @Test
    void aFileThatIsNotJsonIsRefusedAndLeftUntouched() throws Exception {
        write("{\n  \"permissions\": {\"allow\": [}\n");

        assertThatThrownBy(() -> settings.install(ALL)).isInstanceOf(SettingsRefused.class)
                .hasMessage(file + " is not valid JSON (line 2, column 29: Unexpected close marker '}': expected ']'"
                        + " (for Array starting at [line: 2, column: 28]))");
        assertThat(read()).isEqualTo("{\n  \"permissions\": {\"allow\": [}\n");
        assertThat(temp.resolve(".memdir")).doesNotExist();
    }

    @Test
    void aKeyOfAnotherKindWhereMemdirsPartGoesIsRefusedNamingIt() throws Exception {
        write("{\"hooks\": []}");

        assertThatThrownBy(() -> settings.install(ALL)).isInstanceOf(SettingsRefused.class)
                .hasMessage(file + ": \"hooks\" is not a JSON object");
        assertThat(read()).isEqualTo("{\"hooks\": []}");
    }

    @Test
    void withoutItsRecordAnUninstallStillTakesMemdirsHooksOut() throws Exception {
        write(USERS);
        settings.install(ALL);
        Files.delete(temp.resolve(".memdir/claude-code-install.json"));

        settings.uninstall(ALL);

        JsonNode left = JSON.readTree(file.toFile());
        assertThat(left.toString()).doesNotContain("mcp_tool").doesNotContain("mcp__memdir__context");
        assertThat(left.at("/hooks/UserPromptSubmit/0/hooks/0/command").asText()).isEqualTo("say hi");
    }

    @Test
    void aLinkedSettingsFileIsEditedWhereItLeads() throws Exception {
        Path dotfiles = Files.createDirectories(temp.resolve("dotfiles")).resolve("claude-settings.json");
        Files.writeString(dotfiles, USERS);
        Files.createDirectories(file.getParent());
        Files.createSymbolicLink(file, dotfiles);

        settings.install(ALL);

        assertThat(Files.isSymbolicLink(file)).isTrue();
        assertThat(Files.readString(dotfiles)).contains("mcp__memdir__context");
        settings.uninstall(ALL);
        assertThat(Files.readString(dotfiles)).isEqualTo(USERS);
    }

    @Test
    void anAgentsServerGetsNoPart_andAnothersHooksAreNotMemdirs() throws Exception {
        ClaudeCodeSetup agent = new ClaudeCodeSetup("memdir-review-project", Set.of());
        assertThat(agent.hasHooks()).isFalse();
        JsonNode ours = ALL.hooks().get("UserPromptSubmit");
        assertThat(ALL.isOurs(ours)).isTrue();
        assertThat(agent.isOurs(ours)).as("another server's").isFalse();
        assertThat(ALL.isOurs(JSON.readTree("{\"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]}"))).isFalse();
    }

    private void write(String text) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    private String read() throws Exception {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}

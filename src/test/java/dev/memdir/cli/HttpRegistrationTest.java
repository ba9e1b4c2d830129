package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code memdir config CLIENT --http URL [--token T]}: the registration of a memdir served over HTTP. */
class HttpRegistrationTest {

    private static final String URL = "https://memdir.example/mcp";

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private String print(ConfigCommand.Client client, Optional<String> token) throws Exception {
        return print(client, URL, token);
    }

    private String print(ConfigCommand.Client client, String url, Optional<String> token) throws Exception {
        if (client == ConfigCommand.Client.CLAUDE_CODE) {
            return ConfigCommand.shell(ClaudeCodeConfig.mcpAddHttp(url, token)) + "\n";
        }
        int exit = ConfigCommand.runHttp(client, url, token, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(exit).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void claudeCodeGetsAnHttpTransportWithTheBearerHeader() throws Exception {
        assertThat(print(ConfigCommand.Client.CLAUDE_CODE, Optional.of("mdt_secret"))).isEqualTo(
                "claude mcp add --transport http --scope user memdir " + URL
                        + " --header 'Authorization: Bearer mdt_secret'\n");
    }

    @Test
    void theDocsQuoteTheCommandAsItIsPrinted() throws Exception {
        String printed = ConfigCommand.shell(List.of("claude", "mcp", "add", "--transport", "http", "--scope", "user",
                "memdir", "URL", "--header", "Authorization: Bearer TOKEN"));
        assertThat(print(ConfigCommand.Client.CLAUDE_CODE, "URL", Optional.of("TOKEN"))).isEqualTo(printed + "\n");

        for (String page : List.of("README.md", "docs/team.md")) {
            assertThat(Files.readString(Path.of(page)).replace("\n", " ")).as(page).contains("`" + printed + "`");
        }
    }

    @Test
    void withoutATokenNoHeaderIsSent() throws Exception {
        assertThat(print(ConfigCommand.Client.INSPECTOR, Optional.empty())).isEqualTo(
                "npx @modelcontextprotocol/inspector --transport http --server-url " + URL + "\n");
    }

    @Test
    void claudeDesktopReachesTheUrlThroughMcpRemote_theJsonAloneOnStdout() throws Exception {
        String printed = print(ConfigCommand.Client.CLAUDE_DESKTOP, Optional.of("mdt_secret"));
        JsonNode json = new ObjectMapper().reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .readTree(printed);

        assertThat(json.path("mcpServers").path("memdir").path("command").asText()).isEqualTo("npx");
        assertThat(new ObjectMapper().convertValue(json.path("mcpServers").path("memdir").path("args"), List.class))
                .isEqualTo(List.of("-y", "mcp-remote", URL, "--header", "Authorization: Bearer mdt_secret"));
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("Add the \"memdir\" entry to \"mcpServers\" in"
                + " claude_desktop_config.json, then restart Claude Desktop (it starts mcp-remote, which speaks to the"
                + " URL).\n");
    }

    @Test
    void commandPrintsTheUrl() throws Exception {
        assertThat(print(ConfigCommand.Client.COMMAND, Optional.empty())).isEqualTo(URL + "\n");
    }

    @Test
    void badCombinationsAreRefusedWithOneLine() {
        assertThat(HttpRegistrationCheck.problem(null, "t", List.of())).contains("--token goes with --http URL");
        assertThat(HttpRegistrationCheck.problem("ftp://host/mcp", null, List.of())).get().asString()
                .startsWith("--http needs an http:// or https:// URL");
        assertThat(HttpRegistrationCheck.problem("http:///mcp", null, List.of())).isPresent();
        assertThat(HttpRegistrationCheck.problem(URL, "two words", List.of())).get().asString()
                .startsWith("--token must be one word");
        assertThat(HttpRegistrationCheck.problem(URL, null, List.of("--root", "/tmp"))).get().asString()
                .startsWith("server options do not apply");
        assertThat(HttpRegistrationCheck.problem(URL, "mdt_ok", List.of())).isEmpty();
        assertThat(HttpRegistrationCheck.problem(null, null, List.of("--root", "/tmp"))).isEmpty();
    }
}

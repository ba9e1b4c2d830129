package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarRun;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.LineSession;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The jar's command line: options, start-up errors, the default root, and the tool layouts. */
class CliIT {

    @TempDir
    Path temp;

    private JarRun run(Map<String, String> env, Path workingDirectory, String... args) throws Exception {
        return JarRun.of(temp, JarLauncher.plain(args).in(workingDirectory).withoutEnv("MEMDIR_ROOT").env(env));
    }

    @Test
    void versionPrintsTheNameAndVersionOnStdout() throws Exception {
        JarRun run = run(Map.of(), temp, "--version");
        assertThat(run.exit()).isZero();
        assertThat(run.stdout().trim()).isEqualTo("memdir " + System.getProperty("memdir.version"));
    }

    @Test
    void helpListsTheOptions() throws Exception {
        JarRun run = run(Map.of(), temp, "--help");
        assertThat(run.exit()).isZero();
        assertThat(run.stdout()).contains("--root", "--tools", "read-only", "claude-code-memory", "serve");
    }

    @Test
    void unknownOptionIsAUsageErrorOnStderr() throws Exception {
        JarRun run = run(Map.of(), temp, "--frobnicate");
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr().lines().findFirst()).contains("Unknown option: '--frobnicate'");
        assertThat(run.stderr()).contains("Usage: memdir");
    }

    @Test
    void badSettingValueIsOneClearLine() throws Exception {
        JarRun run = run(Map.of("MEMDIR_TOOLS", "triple"), temp, "--root", temp.resolve("m").toString());
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).isEqualTo("memdir: MEMDIR_TOOLS must be split or single, not 'triple'\n");
    }

    @Test
    void rootThatCannotBeADirectoryFailsWithOneLine() throws Exception {
        Path file = Files.writeString(temp.resolve("a-file"), "x");
        JarRun run = run(Map.of(), temp, "--root", file.resolve("memory").toString());
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).startsWith("memdir: cannot open the memory root " + file.resolve("memory"))
                .endsWith("; choose another with --root\n");
    }

    @Test
    void defaultRootIsPerProjectUnderMemdirHomeKeyedByTheGitRoot() throws Exception {
        Path project = Files.createDirectories(temp.resolve("work/my.project"));
        Files.createDirectories(project.resolve(".git"));
        Path subdirectory = Files.createDirectories(project.resolve("src/deep"));
        Path home = temp.resolve("memdir-home");

        try (LineSession session = LineSession.startIn(subdirectory, Map.of("MEMDIR_HOME", home.toString()),
                temp.resolve("stderr.log"))) {
            session.initialize();
            session.send(LineSession.toolCall(1, "create", Map.of("path", "/memories/MEMORY.md", "file_text", "hi")));
            assertThat(session.next().path("result").path("isError").asBoolean()).isFalse();
        }
        String key = project.toRealPath().toString().replaceAll("[^A-Za-z0-9]", "-");
        assertThat(home.resolve("projects").resolve(key).resolve("memory/MEMORY.md")).hasContent("hi");
    }

    @Test
    void dollarHomeHoldsTheDefaultRootAndTheConfigFile() throws Exception {
        Path home = temp.resolve("home");
        Files.writeString(Files.createDirectories(home.resolve(".memdir")).resolve("config.yaml"),
                "index-max-lines: 7\n");
        Path project = Files.createDirectories(temp.resolve("project"));
        Files.createDirectories(project.resolve(".git"));
        String key = project.toRealPath().toString().replaceAll("[^A-Za-z0-9]", "-");

        JarRun run = JarRun.of(temp, JarLauncher.plain("index").in(project)
                .withoutEnv(name -> name.startsWith("MEMDIR_")).env("HOME", home.toString()));

        assertThat(run.exit()).isZero();
        assertThat(run.stdout()).startsWith("index:   " + home.resolve(".memdir/projects").resolve(key)
                .resolve("memory/MEMORY.md") + " (does not exist)\nfigures: 0/7 lines,");
    }

    @Test
    void configFileSetsWhatFlagsAndEnvironmentLeaveOpen() throws Exception {
        Path config = Files.writeString(temp.resolve("memdir.yaml"),
                "root: " + temp.resolve("from-file") + "\ntools: single\n", StandardCharsets.UTF_8);
        LegacySdkClient.session(JarLauncher.plain("--config", config.toString()), client -> {
            assertThat(client.listTools().tools()).extracting(t -> t.name()).containsExactly("memory");
            LegacySdkClient.call(client, "memory", Map.of("command", "create", "path", "/memories/x.md",
                    "file_text", "y"));
        });
        assertThat(temp.resolve("from-file/x.md")).hasContent("y");
    }

    @Test
    void singleLayoutPublishesTheApiMemoryTool() throws Exception {
        LegacySdkClient.session(JarLauncher.plain("--root", temp.resolve("m").toString(), "serve",
                "--tools", "single"), client -> {
            assertThat(client.getServerInstructions())
                    .contains("1. Use the `view` command of your `memory` tool to check for earlier progress.");
            var tool = client.listTools().tools().get(0);
            assertThat(tool.name()).isEqualTo("memory");
            assertThat(tool.inputSchema().get("required")).isEqualTo(List.of("command"));
            assertThat(LegacySdkClient.text(LegacySdkClient.call(client, "memory",
                    Map.of("command", "create", "path", "/memories/a.md", "file_text", "x"))))
                    .isEqualTo("File created successfully at: /memories/a.md");
            assertThat(LegacySdkClient.text(LegacySdkClient.call(client, "memory", Map.of("command", "view", "path", "/memories/a.md"))))
                    .isEqualTo("Here's the content of /memories/a.md with line numbers:\n     1\tx");
            assertThat(LegacySdkClient.text(LegacySdkClient.call(client, "memory", Map.of("command", "chmod", "path", "/memories"))))
                    .isEqualTo("Error: Unknown command `chmod`. Valid commands: view, create, str_replace, insert,"
                            + " delete, rename");
        });
    }

    @Test
    void readOnlyPublishesOnlyView() throws Exception {
        Path root = Files.createDirectories(temp.resolve("ro"));
        Files.writeString(root.resolve("kept.md"), "k");
        LegacySdkClient.session(JarLauncher.plain("--root", root.toString(), "--read-only"), client -> {
            assertThat(client.listTools().tools()).extracting(t -> t.name()).containsExactly("view");
            assertThat(LegacySdkClient.text(LegacySdkClient.call(client, "view", Map.of("path", "/memories/kept.md"))))
                    .endsWith("     1\tk");
        });
    }

    @Test
    void indexCommandPrintsTheFiguresAndExitsOneWhenOver() throws Exception {
        Path root = Files.createDirectories(temp.resolve("idx"));
        Files.writeString(root.resolve("MEMORY.md"), "---\nname: index\n---\n- a\n- b\n- c\n");

        JarRun within = run(Map.of(), temp, "index", "--root", root.toString());
        assertThat(within.exit()).isZero();
        assertThat(within.stdout()).isEqualTo("index:   " + root.resolve("MEMORY.md") + "\n"
                + "figures: 3/200 lines, 0.0/25.0 KB\n"
                + "loaded:  3 lines, 12 bytes\n"
                + "verdict: within\n");

        JarRun over = run(Map.of("MEMDIR_INDEX_MAX_LINES", "2"), temp, "index", "--root", root.toString());
        assertThat(over.exit()).isEqualTo(1);
        assertThat(over.stdout()).contains("figures: 3/2 lines, 0.0/25.0 KB\n")
                .contains("loaded:  2 lines, 8 bytes (the rest is cut from every load)\n")
                .endsWith("verdict: over\n");
        assertThat(Files.list(root).map(p -> p.getFileName().toString())).containsExactly("MEMORY.md");
    }

    @Test
    void instructionsCommandPrintsTextOrTheReport() throws Exception {
        Path base = temp.toRealPath();
        Path project = Files.createDirectories(base.resolve("proj"));
        Files.writeString(project.resolve("CLAUDE.md"), "Use tabs.\n");
        Files.createDirectories(project.resolve(".claude/rules"));
        Files.writeString(project.resolve(".claude/rules/sql.md"), "---\npaths: \"db/**\"\n---\nNo ORMs.\n");
        Map<String, String> env = Map.of("HOME", base.resolve("home").toString(),
                "MEMDIR_MANAGED_DIR", base.resolve("managed").toString());
        String[] common = {"instructions", "--project", project.toString(), "--root", base.resolve("m").toString()};

        JarRun text = run(env, temp, common);
        assertThat(text.exit()).isZero();
        assertThat(text.stdout()).isEqualTo("Contents of " + project.resolve("CLAUDE.md")
                + " (project instructions, checked into the codebase):\n\nUse tabs.\n");

        JarRun forPath = run(env, temp, concat(common, "--for", "db/schema.sql"));
        assertThat(forPath.stdout()).isEqualTo("Contents of " + project.resolve(".claude/rules/sql.md")
                + " (project rule, checked into the codebase):\n\nNo ORMs.\n");

        JarRun json = run(env, temp, concat(common, "--format", "json"));
        JsonNode report = LineSession.JSON.readTree(json.stdout());
        assertThat(report.path("project").asText()).isEqualTo(project.toString());
        assertThat(report.path("files")).extracting(f -> f.path("scope").asText() + ":" + f.path("contributes"))
                .contains("project:true", "rule:false", "memory-index:false");

        JarRun nothingForPath = run(env, temp, concat(common, "--for", "src/Main.java"));
        assertThat(nothingForPath.exit()).isZero();
        assertThat(nothingForPath.stdout()).isEmpty();
        assertThat(nothingForPath.stderr()).isEqualTo("memdir: no instructions found for src/Main.java in " + project
                + " (--format json lists the files considered and why each is left out)\n");

        Path empty = Files.createDirectories(base.resolve("empty"));
        JarRun none = run(env, temp, "instructions", "--project", empty.toString(), "--root",
                base.resolve("m").toString());
        assertThat(none.exit()).isZero();
        assertThat(none.stdout()).isEmpty();
        assertThat(none.stderr()).isEqualTo("memdir: no instructions found for " + empty
                + " (--format json lists the files considered and why each is left out)\n");

        JarRun bad = run(env, temp, concat(common, "--format", "yaml"));
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.stderr()).isEqualTo("memdir: --format must be text or json, not 'yaml'\n");
    }

    private static String[] concat(String[] first, String... more) {
        String[] all = java.util.Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }

    @Test
    void configPrintsRegistrationsWithAbsolutePaths() throws Exception {
        int java = Runtime.version().feature();
        String archive = java >= 25 ? " -XX:AOTCache=" + JarLauncher.jar().resolveSibling("memdir-java" + java + ".aot")
                : " -XX:SharedArchiveFile=" + JarLauncher.jar().resolveSibling("memdir-java" + java + ".jsa");
        String launch = JarLauncher.java() + " " + System.getProperty("memdir.launch.options") + archive + " -jar " + JarLauncher.jar();

        JarRun claudeCode = run(Map.of(), temp, "config", "claude-code", "--", "--read-only");
        assertThat(claudeCode.exit()).isZero();
        assertThat(claudeCode.stdout()).isEqualTo("claude mcp add --scope user memdir -- " + launch
                + " --read-only --context-tool\n");

        JarRun desktop = run(Map.of(), temp, "config", "claude-desktop");
        JsonNode json = LineSession.JSON.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .readTree(desktop.stdout());
        assertThat(json.path("mcpServers").path("memdir").path("command").asText()).isEqualTo(JarLauncher.java());
        List<String> words = List.of(launch.split(" "));
        assertThat(json.path("mcpServers").path("memdir").path("args"))
                .isEqualTo(LineSession.JSON.valueToTree(words.subList(1, words.size())));
        assertThat(desktop.stderr()).endsWith("Add the \"memdir\" entry to \"mcpServers\" in"
                + " claude_desktop_config.json, then restart Claude Desktop. The file is at:\n"
                + "  macOS:   ~/Library/Application Support/Claude/claude_desktop_config.json\n"
                + "  Windows: %APPDATA%\\Claude\\claude_desktop_config.json\n"
                + "  Linux:   ~/.config/Claude/claude_desktop_config.json\n");

        JarRun inspector = run(Map.of(), temp, "config", "inspector");
        assertThat(inspector.stdout()).isEqualTo("npx @modelcontextprotocol/inspector -- " + launch + "\n");
        JarRun inspectorWarn = run(Map.of(), temp, "config", "inspector", "--", "--log-level", "warn");
        assertThat(inspectorWarn.stdout())
                .isEqualTo("npx @modelcontextprotocol/inspector -- " + launch + " --log-level warn\n");

        JarRun command = run(Map.of(), temp, "config", "command");
        assertThat(command.stdout()).isEqualTo(launch + "\n");

        JarRun noClaude = run(Map.of("PATH", temp.toString()), temp, "config", "claude-code", "--install");
        assertThat(noClaude.exit()).isEqualTo(1);
        assertThat(noClaude.stderr()).startsWith("memdir: the claude CLI is not on the PATH")
                .contains("claude mcp add --scope user memdir -- " + launch + " --context-tool");

        JarRun overHttp = run(Map.of(), temp, "config", "claude-code", "--http", "https://memdir.example/mcp",
                "--token", "mdt_x");
        assertThat(overHttp.exit()).isZero();
        assertThat(overHttp.stdout()).isEqualTo("claude mcp add --transport http --scope user memdir"
                + " https://memdir.example/mcp --header 'Authorization: Bearer mdt_x'\n");
        JarRun tokenDropped = run(Map.of(), temp, "config", "command", "--http", "https://memdir.example/mcp",
                "--token", "mdt_x");
        assertThat(tokenDropped.exit()).isEqualTo(2);
        assertThat(tokenDropped.stderr()).isEqualTo("memdir: --token goes with a client that sends it (claude-code,"
                + " claude-desktop, inspector); 'config command --http URL' prints the URL only\n");

        JarRun unknown = run(Map.of(), temp, "config", "vscode");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.stderr()).isEqualTo(
                "memdir: unknown client 'vscode'; use claude-code, claude-desktop, inspector or command\n");
    }

    @Test
    void configClaudeCodeSaysWhatItWouldMergeIntoTheSettings_andRefusesAFileItCannotEdit() throws Exception {
        Path claude = Files.createDirectories(temp.resolve("claude-config"));
        Map<String, String> env = Map.of("CLAUDE_CONFIG_DIR", claude.toString());

        JarRun printed = run(env, temp, "config", "claude-code", "--without", "file,compaction");
        assertThat(printed.exit()).isZero();
        assertThat(printed.stderr()).startsWith("With --install, memdir runs that, then merges this into "
                + claude.resolve("settings.json") + " (memdir's part only; --uninstall takes it out again, --without"
                + " prompt,file,compaction,auto-memory leaves parts out):\n{\n  \"hooks\": {\n    \"UserPromptSubmit\"")
                .contains("\"deny\": [\n      \"mcp__memdir__context\"\n    ]")
                .contains("\"autoMemoryEnabled\": false").doesNotContain("PostToolUse").doesNotContain("PreCompact");

        String broken = "{\n  \"hooks\": {\"Stop\": [}\n";
        Files.writeString(claude.resolve("settings.json"), broken);
        for (String mode : List.of("--install", "--uninstall")) {
            JarRun refused = run(env, temp, "config", "claude-code", mode);
            assertThat(refused.exit()).as(mode).isEqualTo(1);
            assertThat(refused.stderr()).as(mode).isEqualTo("memdir: " + claude.resolve("settings.json") + " is not"
                    + " valid JSON (line 2, column 22: Unexpected close marker '}': expected ']' (for Array starting at"
                    + " [line: 2, column: 21])); fix it, then run this again (memdir changed nothing)\n");
        }
        assertThat(Files.readString(claude.resolve("settings.json"))).isEqualTo(broken);

        JarRun unknown = run(env, temp, "config", "claude-code", "--without", "prompt,hooks");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.stderr()).isEqualTo("memdir: --without takes prompt,file,compaction,auto-memory, not"
                + " 'hooks'\n");
        JarRun both = run(env, temp, "config", "claude-code", "--install", "--uninstall");
        assertThat(both.stderr()).isEqualTo("memdir: --install and --uninstall go one at a time\n");
        JarRun desktop = run(env, temp, "config", "claude-desktop", "--uninstall");
        assertThat(desktop.stderr()).isEqualTo("memdir: --install, --uninstall and --without work for claude-code"
                + " only\n");
    }

    @Test
    void logLevelWarnFromTheEnvironmentKeepsInfoOffStderrOnEveryCall() throws Exception {
        Path warn = temp.resolve("warn.log");
        for (int session = 0; session < 3; session++) {
            sessionWithCalls(JarLauncher.plain("--root", temp.resolve("m").toString())
                    .env("MEMDIR_LOG_LEVEL", "warn"), warn, session);
        }
        Path info = temp.resolve("info.log");
        sessionWithCalls(JarLauncher.plain("--root", temp.resolve("m").toString()).withoutEnv("MEMDIR_LOG_LEVEL"),
                info, 3);

        assertThat(Files.readString(info)).contains(" INFO ");
        assertThat(Files.readString(warn)).doesNotContain(" INFO ");
    }

    private static final long WAIT = LineSession.PATIENCE.toSeconds();

    /** One session as a client that starts the server per call makes it: initialize, then two tool calls. */
    private static void sessionWithCalls(JarLauncher launcher, Path stderr, int session) throws Exception {
        try (LineSession line = LineSession.start(launcher, stderr)) {
            line.initialize();
            String path = "/memories/s" + session + ".md";
            assertThat(line.call("create", Map.of("path", path, "file_text", "x\n")).get(WAIT, TimeUnit.SECONDS)
                    .path("result").path("isError").asBoolean()).isFalse();
            assertThat(line.call("view", Map.of("path", path)).get(WAIT, TimeUnit.SECONDS)
                    .path("result").path("isError").asBoolean()).isFalse();
            assertThat(line.closeAndWait(LineSession.PATIENCE)).isZero();
        }
    }

    @Test
    void stdoutCarriesOnlyJsonRpcEvenWithDebugLogging() throws Exception {
        try (LineSession session = LineSession.start(temp.resolve("m"), temp.resolve("stderr.log"), "--log-level",
                "debug")) {
            session.initialize();
            session.send(LineSession.toolCall(1, "view", Map.of("path", "/memories")));
            session.send("oops");
            for (JsonNode message : session.closeInputAndReadRest()) {
                assertThat(message.path("jsonrpc").asText()).as(message.toString()).isEqualTo("2.0");
            }
        }
        assertThat(Files.readString(temp.resolve("stderr.log"))).contains("DEBUG");
    }
}

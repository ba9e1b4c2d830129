package dev.memdir.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.config.ConfigException;
import dev.memdir.config.SettingsResolver;
import dev.memdir.install.ClaudeCodePart;
import dev.memdir.install.ClaudeSettingsFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code memdir config claude-code|claude-desktop|inspector|command}: the registration of this jar, ready to paste:
 * the registration alone on stdout, so that it can go to a file, and any guidance on stderr.
 */
@Command(name = "config", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Print this jar's registration for an MCP client.", "For claude-code, claude-desktop or"
                + " inspector; or (command) the recommended launch line alone."})
final class ConfigCommand implements Callable<Integer> {

    /** The clients a registration can be printed for. */
    enum Client { CLAUDE_CODE, CLAUDE_DESKTOP, INSPECTOR, COMMAND }

    @Parameters(index = "0", paramLabel = "CLIENT", description = "claude-code, claude-desktop, inspector or command")
    String client;

    @Option(names = "--install", description = "claude-code only: run 'claude mcp add' now, replacing memdir's"
            + " earlier registration under the same name (needs the claude CLI on the PATH), and merge memdir's hooks"
            + " into Claude Code's user settings.")
    boolean install;

    @Option(names = "--uninstall", description = "claude-code only: take memdir's part out of Claude Code's user"
            + " settings and remove its registration.")
    boolean uninstall;

    @Option(names = "--without", paramLabel = "PART", split = ",", description = "claude-code only: leave parts out:"
            + " prompt (memories a prompt brings), file (memories a touched file brings), compaction (around a summary"
            + " of the context), auto-memory (leave Claude Code's own auto memory on).")
    List<String> without;

    @Option(names = "--http", paramLabel = "URL", description = "Register a memdir served over HTTP at URL"
            + " (e.g. https://memdir.example/mcp) instead of this jar.")
    String http;

    @Option(names = "--token", paramLabel = "TOKEN",
            description = "With --http: the bearer token the client sends (from 'memdir token create').")
    String token;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "SERVER-OPTION",
            description = "Options the registered server runs with, after '--' (e.g. -- --root ~/notes)")
    List<String> serverArgs;

    private final MemdirCommand memdir;

    ConfigCommand(MemdirCommand memdir) {
        this.memdir = memdir;
    }

    @Override
    public Integer call() {
        PrintStream err = memdir.invocation().err();
        Optional<Client> parsed = client(client);
        if (parsed.isEmpty()) {
            err.println("memdir: unknown client '" + client
                    + "'; use claude-code, claude-desktop, inspector or command");
            return ExitCode.USAGE.code();
        }
        if ((install || uninstall || without != null) && parsed.get() != Client.CLAUDE_CODE) {
            err.println("memdir: --install, --uninstall and --without work for claude-code only");
            return ExitCode.USAGE.code();
        }
        if (install && uninstall) {
            err.println("memdir: --install and --uninstall go one at a time");
            return ExitCode.USAGE.code();
        }
        Optional<Set<ClaudeCodePart>> parts = ClaudeCodeConfig.parts(without, err);
        if (parts.isEmpty()) {
            return ExitCode.USAGE.code();
        }
        if (token != null && parsed.get() == Client.COMMAND) {
            err.println("memdir: --token goes with a client that sends it (claude-code, claude-desktop, inspector);"
                    + " 'config command --http URL' prints the URL only");
            return ExitCode.USAGE.code();
        }
        Optional<String> problem = HttpRegistrationCheck.problem(http, token, serverArgs);
        if (problem.isPresent()) {
            err.println("memdir: " + problem.get());
            return ExitCode.USAGE.code();
        }
        try {
            PrintStream out = memdir.invocation().stdout();
            if (parsed.get() == Client.CLAUDE_CODE) {
                return claudeCode(parts.get(), out, err);
            }
            return http != null ? runHttp(parsed.get(), http, Optional.ofNullable(token), out, err)
                    : run(parsed.get(), serverArgs == null ? List.of() : serverArgs, out, err);
        } catch (IOException | ConfigException e) {
            err.println("memdir: " + e.getMessage());
            return ExitCode.FAILED.code();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCode.FAILED.code();
        }
    }

    static Optional<Client> client(String name) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "claude-code":
                return Optional.of(Client.CLAUDE_CODE);
            case "claude-desktop":
                return Optional.of(Client.CLAUDE_DESKTOP);
            case "inspector":
                return Optional.of(Client.INSPECTOR);
            case "command":
                return Optional.of(Client.COMMAND);
            default:
                return Optional.empty();
        }
    }

    /** Prints the registration of this jar for {@code client} (not Claude Code's: {@link #claudeCode}). */
    static int run(Client client, List<String> serverArgs, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
        prepareArchive(err);
        List<String> command = Registration.command(serverArgs);
        switch (client) {
            case CLAUDE_DESKTOP:
                String name = serverName(serverArgs);
                out.println(desktopJson(name, command));
                err.println("Add the \"" + name + "\" entry to \"mcpServers\" in claude_desktop_config.json, then"
                        + " restart Claude Desktop. The file is at:");
                err.println("  macOS:   ~/Library/Application Support/Claude/claude_desktop_config.json");
                err.println("  Windows: %APPDATA%\\Claude\\claude_desktop_config.json");
                err.println("  Linux:   ~/.config/Claude/claude_desktop_config.json");
                return ExitCode.OK.code();
            case COMMAND:
                out.println(shell(command));
                return ExitCode.OK.code();
            default:
                // Without "--" the Inspector takes the server's options it also has (--config, and --log-level
                // under --cli) as its own.
                List<String> inspector = new ArrayList<>(List.of("npx", "@modelcontextprotocol/inspector", "--"));
                inspector.addAll(command);
                out.println(shell(inspector));
                return ExitCode.OK.code();
        }
    }

    /**
     * Prints the registration of a memdir served over HTTP at {@code url} for {@code client}, with the bearer
     * {@code token} when there is one; with {@code install}, runs {@code claude mcp add} if it can. Claude Desktop
     * starts only local servers, so it reaches the URL through {@code mcp-remote}.
     */
    static int runHttp(Client client, String url, Optional<String> token, PrintStream out, PrintStream err)
            throws IOException {
        List<String> headers = headers(token);
        switch (client) {
            case CLAUDE_DESKTOP:
                List<String> bridge = new ArrayList<>(List.of("npx", "-y", "mcp-remote", url));
                bridge.addAll(headers);
                out.println(desktopJson("memdir", bridge));
                err.println("Add the \"memdir\" entry to \"mcpServers\" in claude_desktop_config.json, then restart"
                        + " Claude Desktop (it starts mcp-remote, which speaks to the URL).");
                return ExitCode.OK.code();
            case INSPECTOR:
                List<String> inspector = new ArrayList<>(List.of("npx", "@modelcontextprotocol/inspector",
                        "--transport", "http", "--server-url", url));
                inspector.addAll(headers);
                out.println(shell(inspector));
                return ExitCode.OK.code();
            default:
                out.println(url);
                return ExitCode.OK.code();
        }
    }

    /**
     * Claude Code: the registration, of this jar or of the server at {@code --http}, and memdir's part of the user
     * settings for {@code parts}; printed, or with {@code --install} or {@code --uninstall} done.
     */
    private int claudeCode(Set<ClaudeCodePart> parts, PrintStream out, PrintStream err)
            throws IOException, InterruptedException, ConfigException {
        ClaudeCodeConfig.Mode mode = install ? ClaudeCodeConfig.Mode.INSTALL
                : uninstall ? ClaudeCodeConfig.Mode.UNINSTALL : ClaudeCodeConfig.Mode.PRINT;
        SettingsResolver resolver = memdir.invocation().resolver();
        ClaudeCodeConfig config = new ClaudeCodeConfig(new ClaudeSettingsFile(
                resolver.claudeCodeDirectory().resolve("settings.json"),
                resolver.memdirDirectory().resolve("claude-code-install.json")), out, err);
        if (http != null) {
            return config.run(mode, ClaudeCodeConfig.mcpAddHttp(http, Optional.ofNullable(token)), "memdir", parts, true);
        }
        List<String> args = serverArgs == null ? List.of() : serverArgs;
        String name = serverName(args);
        if (mode != ClaudeCodeConfig.Mode.UNINSTALL) {
            prepareArchive(err);
        }
        List<String> served = name.equals("memdir") ? ClaudeCodeConfig.withContextTool(args, parts) : args;
        return config.run(mode, ClaudeCodeConfig.mcpAdd(name, Registration.command(served)), name, parts, false);
    }

    static List<String> headers(Optional<String> token) {
        return token.map(t -> List.of("--header", "Authorization: Bearer " + t)).orElse(List.of());
    }

    /** Writes the launch line's start-up archive for the java running now, unless it is there already. */
    private static void prepareArchive(PrintStream err) throws IOException, InterruptedException {
        LaunchLine line = Registration.launchLine();
        if (Files.exists(line.archive())) {
            return;
        }
        if (ArchiveTraining.run(Registration.java(), Registration.jar(), line)) {
            err.println("memdir: wrote " + line.archive() + ", the start-up archive for this Java (once)");
        } else {
            err.println("memdir: could not write the start-up archive " + line.archive()
                    + "; the launch line works without it, only slower to start");
        }
    }

    /**
     * The name the client lists the server under: {@code memdir}, or {@code memdir-NAME-SCOPE} for an agent's
     * memory ({@code --agent}, {@code --scope}), so that each agent and scope can have its own registration.
     */
    static String serverName(List<String> serverArgs) {
        StringBuilder name = new StringBuilder("memdir");
        for (String option : List.of("--agent", "--scope")) {
            optionValue(serverArgs, option).ifPresent(value -> name.append('-').append(value.replace(':', '-')));
        }
        return name.toString();
    }

    private static Optional<String> optionValue(List<String> args, String option) {
        Optional<String> value = Optional.empty();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals(option) && i + 1 < args.size()) {
                value = Optional.of(args.get(i + 1));
            } else if (args.get(i).startsWith(option + "=")) {
                value = Optional.of(args.get(i).substring(option.length() + 1));
            }
        }
        return value;
    }

    private static String desktopJson(String name, List<String> command) throws IOException {
        ObjectMapper json = new ObjectMapper();
        ObjectNode config = json.createObjectNode();
        ObjectNode server = config.putObject("mcpServers").putObject(name);
        server.put("command", command.get(0));
        ArrayNode args = server.putArray("args");
        command.subList(1, command.size()).forEach(args::add);
        return json.writerWithDefaultPrettyPrinter().writeValueAsString(config);
    }

    /** Returns the words as one POSIX shell line, quoting those that need it. */
    static String shell(List<String> words) {
        return words.stream().map(ConfigCommand::quote).collect(Collectors.joining(" "));
    }

    private static String quote(String word) {
        if (!word.isEmpty() && word.matches("[A-Za-z0-9@%+=:,./_-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}

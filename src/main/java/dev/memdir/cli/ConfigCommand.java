package dev.memdir.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** {@code memdir config claude-code|claude-desktop|inspector|command}: the registration of this jar, ready to paste. */
final class ConfigCommand {

    /** The clients a registration can be printed for. */
    enum Client { CLAUDE_CODE, CLAUDE_DESKTOP, INSPECTOR, COMMAND }

    static final int CLAUDE_NOT_FOUND = 1;

    private ConfigCommand() {}

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

    /** Prints the registration for {@code client}; with {@code install}, runs {@code claude mcp add} if it can. */
    static int run(Client client, List<String> serverArgs, boolean install, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
        prepareArchive(err);
        List<String> command = Registration.command(serverArgs);
        switch (client) {
            case CLAUDE_CODE:
                List<String> add = claudeMcpAdd(serverName(serverArgs), command);
                if (!install) {
                    out.println(shell(add));
                    return 0;
                }
                return install(add, out, err);
            case CLAUDE_DESKTOP:
                String name = serverName(serverArgs);
                out.println(desktopJson(name, command));
                out.println();
                out.println("Add the \"" + name + "\" entry to \"mcpServers\" in claude_desktop_config.json, then"
                        + " restart Claude Desktop. The file is at:");
                out.println("  macOS:   ~/Library/Application Support/Claude/claude_desktop_config.json");
                out.println("  Windows: %APPDATA%\\Claude\\claude_desktop_config.json");
                out.println("  Linux:   ~/.config/Claude/claude_desktop_config.json");
                return 0;
            case COMMAND:
                out.println(shell(command));
                return 0;
            default:
                List<String> inspector = new ArrayList<>(List.of("npx", "@modelcontextprotocol/inspector"));
                inspector.addAll(command);
                out.println(shell(inspector));
                return 0;
        }
    }

    /**
     * Prints the registration of a memdir served over HTTP at {@code url} for {@code client}, with the bearer
     * {@code token} when there is one; with {@code install}, runs {@code claude mcp add} if it can. Claude Desktop
     * starts only local servers, so it reaches the URL through {@code mcp-remote}.
     */
    static int runHttp(Client client, String url, Optional<String> token, boolean install, PrintStream out,
            PrintStream err) throws IOException, InterruptedException {
        List<String> headers = token.map(t -> List.of("--header", "Authorization: Bearer " + t)).orElse(List.of());
        switch (client) {
            case CLAUDE_CODE:
                List<String> add = new ArrayList<>(List.of("claude", "mcp", "add", "--transport", "http", "--scope",
                        "user", "memdir", url));
                add.addAll(headers);
                if (!install) {
                    out.println(shell(add));
                    return 0;
                }
                return install(add, out, err);
            case CLAUDE_DESKTOP:
                List<String> bridge = new ArrayList<>(List.of("npx", "-y", "mcp-remote", url));
                bridge.addAll(headers);
                out.println(desktopJson("memdir", bridge));
                out.println();
                out.println("Add the \"memdir\" entry to \"mcpServers\" in claude_desktop_config.json, then restart"
                        + " Claude Desktop (it starts mcp-remote, which speaks to the URL).");
                return 0;
            case INSPECTOR:
                List<String> inspector = new ArrayList<>(List.of("npx", "@modelcontextprotocol/inspector",
                        "--transport", "http", "--server-url", url));
                inspector.addAll(headers);
                out.println(shell(inspector));
                return 0;
            default:
                out.println(url);
                return 0;
        }
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

    private static List<String> claudeMcpAdd(String name, List<String> command) {
        List<String> add = new ArrayList<>(List.of("claude", "mcp", "add", "--scope", "user", name, "--"));
        add.addAll(command);
        return add;
    }

    private static int install(List<String> add, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
        Optional<Path> claude = onPath("claude");
        if (claude.isEmpty()) {
            err.println("memdir: the claude CLI is not on the PATH; install Claude Code, then run:");
            err.println("  " + shell(add));
            return CLAUDE_NOT_FOUND;
        }
        List<String> command = new ArrayList<>(add);
        command.set(0, claude.get().toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        out.write(process.getInputStream().readAllBytes());
        out.flush();
        return process.waitFor();
    }

    private static Optional<Path> onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String directory : path.split(File.pathSeparator)) {
            Path candidate = Path.of(directory, program);
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
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

package dev.memdir.cli;

import dev.memdir.install.ClaudeCodePart;
import dev.memdir.install.ClaudeCodeSetup;
import dev.memdir.install.ClaudeSettingsFile;
import dev.memdir.install.SettingsRefused;
import dev.memdir.json.JsonTextEdit;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code memdir config claude-code}: the registration ({@code claude mcp add}) and memdir's part of Claude Code's
 * user settings (its hooks, the rule hiding their tool, Claude Code's own auto memory off); printed, installed, or
 * uninstalled. The settings file is checked before anything changes: a file that cannot be edited is refused, and
 * neither it nor the registration is touched.
 */
final class ClaudeCodeConfig {

    /** What the command does. */
    enum Mode { PRINT, INSTALL, UNINSTALL }

    static final String CONTEXT_TOOL = "--context-tool";

    private final ClaudeSettingsFile settings;
    private final PrintStream out;
    private final PrintStream err;

    ClaudeCodeConfig(ClaudeSettingsFile settings, PrintStream out, PrintStream err) {
        this.settings = settings;
        this.out = out;
        this.err = err;
    }

    /**
     * Registers (or prints, or takes out) the server {@code name} that {@code add} adds, with memdir's part of the
     * settings for {@code parts}; only the project's own memory ({@code memdir}) gets hooks, not an agent's.
     */
    int run(Mode mode, List<String> add, String name, Set<ClaudeCodePart> parts, boolean remote)
            throws IOException, InterruptedException {
        ClaudeCodeSetup setup = new ClaudeCodeSetup(name, name.equals("memdir") ? parts : Set.of());
        switch (mode) {
            case PRINT:
                out.println(ConfigCommand.shell(add));
                String merged = JsonTextEdit.pretty(setup.asSettings());
                err.println("With --install, memdir runs that, then merges this into " + settings.file() + " (memdir's"
                        + " part only; --uninstall takes it out again, --without " + words(EnumSet.allOf(
                                ClaudeCodePart.class)) + " leaves parts out):");
                err.println(merged);
                remoteNote(remote, setup);
                return ExitCode.OK.code();
            case INSTALL:
                if (!checked()) {
                    return ExitCode.FAILED.code();
                }
                int exit = ClaudeInstall.run(add, name, out, err);
                if (exit != 0) {
                    return exit;
                }
                if (install(setup)) {
                    remoteNote(remote, setup);
                    return ExitCode.OK.code();
                }
                return ExitCode.FAILED.code();
            default:
                if (!checked()) {
                    return ExitCode.FAILED.code();
                }
                uninstall(setup);
                if (ClaudeInstall.remove(name, err)) {
                    err.println("memdir: removed the registration of " + name + " from Claude Code's user config");
                } else if (ClaudeInstall.available()) {
                    err.println("memdir: Claude Code's user config holds no registration named " + name);
                }
                return ExitCode.OK.code();
        }
    }

    /** The server's options for a registration whose hooks call the context tool: {@code --context-tool} added. */
    static List<String> withContextTool(List<String> serverArgs, Set<ClaudeCodePart> parts) {
        List<String> args = new ArrayList<>(serverArgs);
        boolean hooks = parts.stream().anyMatch(part -> part != ClaudeCodePart.AUTO_MEMORY);
        if (hooks && !args.contains(CONTEXT_TOOL)) {
            args.add(CONTEXT_TOOL);
        }
        return args;
    }

    private boolean checked() {
        try {
            settings.check();
            return true;
        } catch (IOException | SettingsRefused e) {
            err.println("memdir: " + e.getMessage() + "; fix it, then run this again (memdir changed nothing)");
            return false;
        }
    }

    private boolean install(ClaudeCodeSetup setup) throws IOException {
        try {
            settings.install(setup);
        } catch (SettingsRefused e) {
            err.println("memdir: " + e.getMessage() + "; the registration is made, memdir's hooks are not");
            return false;
        }
        if (setup.summary().isEmpty()) {
            return true;
        }
        err.println("memdir: merged its part into " + settings.file() + " (" + setup.summary()
                + "); 'memdir config claude-code --uninstall' takes it out again");
        return true;
    }

    private void uninstall(ClaudeCodeSetup setup) throws IOException {
        try {
            err.println(settings.uninstall(setup) ? "memdir: took its part out of " + settings.file()
                    : "memdir: " + settings.file() + " holds nothing of memdir's");
        } catch (SettingsRefused e) {
            err.println("memdir: " + e.getMessage() + "; memdir changed nothing");
        }
    }

    private void remoteNote(boolean remote, ClaudeCodeSetup setup) {
        if (remote && setup.hasHooks()) {
            err.println("memdir: the hooks call the tool context, which a team server publishes with "
                    + CONTEXT_TOOL + " (memdir serve --http ... " + CONTEXT_TOOL + ")");
        }
    }

    /** The parts of memdir's Claude Code setup {@code --without} leaves in; empty when it names an unknown part. */
    static Optional<Set<ClaudeCodePart>> parts(List<String> without, PrintStream err) {
        Set<ClaudeCodePart> parts = EnumSet.allOf(ClaudeCodePart.class);
        for (String word : without == null ? List.<String>of() : without) {
            Optional<ClaudeCodePart> part = ClaudeCodePart.named(word);
            if (part.isEmpty()) {
                err.println("memdir: --without takes " + words(EnumSet.allOf(ClaudeCodePart.class))
                        + ", not '" + word + "'");
                return Optional.empty();
            }
            parts.remove(part.get());
        }
        return Optional.of(parts);
    }

    /** The {@code claude mcp add} of this jar as the server {@code name}, started by {@code command}. */
    static List<String> mcpAdd(String name, List<String> command) {
        List<String> add = new ArrayList<>(List.of("claude", "mcp", "add", "--scope", "user", name, "--"));
        add.addAll(command);
        return add;
    }

    /** The {@code claude mcp add} of a memdir served over HTTP at {@code url}. */
    static List<String> mcpAddHttp(String url, Optional<String> token) {
        List<String> add = new ArrayList<>(List.of("claude", "mcp", "add", "--transport", "http", "--scope", "user",
                "memdir", url));
        add.addAll(ConfigCommand.headers(token));
        return add;
    }

    static String words(Set<ClaudeCodePart> parts) {
        return parts.stream().map(ClaudeCodePart::word).collect(Collectors.joining(","));
    }
}

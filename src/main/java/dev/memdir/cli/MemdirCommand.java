package dev.memdir.cli;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code memdir}: with no subcommand it serves, exactly as {@code memdir serve}. */
@Command(name = "memdir", mixinStandardHelpOptions = true, versionProvider = Version.class, abbreviateSynopsis = true,
        description = "An MCP server over stdio: a safe /memories directory for agents.",
        commandListHeading = "%nCommands:%n",
        footer = {"", "Run with no command to serve MCP on stdin/stdout (the same as 'memdir serve')."})
final class MemdirCommand implements Callable<Integer> {

    @Mixin
    SettingOptions options;

    private final Invocation invocation;

    MemdirCommand(Invocation invocation) {
        this.invocation = invocation;
    }

    @Override
    public Integer call() {
        return ServeCommand.serve(invocation, options.given()).code();
    }

    /** Serves as {@code memdir} with no arguments does: settings from the environment and the config file. */
    int serveWithDefaults() {
        return ServeCommand.serve(invocation, Map.of()).code();
    }

    Invocation invocation() {
        return invocation;
    }

    /**
     * Returns the settings options given to a subcommand, over those given before it: the later ones win. One given
     * before it that it does not take is refused, as after it.
     */
    Map<String, String> settingsWith(SettingOptions subcommandOptions) {
        Map<String, String> flags = new HashMap<>(options.given());
        for (String key : new TreeSet<>(flags.keySet())) {
            if (!subcommandOptions.takes(key)) {
                throw SettingNotTaken.of(subcommandOptions.commandLine(), "--" + key);
            }
        }
        flags.putAll(subcommandOptions.given());
        return flags;
    }

    /** Returns the subcommands, in the order help lists them. */
    List<Object> subcommands() {
        return List.of(new ConfigCommand(this), new HelpCommand(), new HistoryCommand(this), new IndexCommand(this),
                new InstructionsCommand(this), new KeyCommand(this), new PruneCommand(this), new RestoreCommand(this),
                new ServeCommand(this), new StoreCommand(this), new TokenCommand(this), new UiCommand(this));
    }
}

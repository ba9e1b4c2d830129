package dev.memdir.cli;

import dev.memdir.config.Settings;
import java.io.IOException;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code memdir restore PATH [--version N]}: an earlier version written back, what the file holds now kept first. */
// No standard --version option here: --version N names the version to restore.
@Command(name = "restore", abbreviateSynopsis = true,
        description = {"Write an earlier version of a memory file back.", "What the file holds now is kept first."})
final class RestoreCommand extends SettingsCommand {

    @Parameters(paramLabel = "PATH", description = "/memories/notes.md or notes.md")
    String path;

    @Option(names = "--version", paramLabel = "N", description = "The version to restore (default: newest).")
    Integer version;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    RestoreCommand(MemdirCommand memdir) {
        super(memdir, HistoryCommand.SETTINGS);
    }

    @Override
    ExitCode run(Settings settings, Invocation invocation) {
        try {
            return HistoryCommand.change(settings, path, (tool, parsed) -> tool.restore(parsed,
                    Optional.ofNullable(version)), invocation.stdout(), invocation.err());
        } catch (IOException e) {
            invocation.err().println("memdir: cannot restore " + path + ": " + e.getMessage());
            return ExitCode.FAILED;
        }
    }
}

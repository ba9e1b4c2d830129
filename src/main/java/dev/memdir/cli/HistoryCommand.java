package dev.memdir.cli;

import dev.memdir.config.Setting;
import dev.memdir.config.Setting.Group;
import dev.memdir.config.Settings;
import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.memory.CommandOutput;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.RenamedFrom;
import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.render.HistoryMessages;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.wiring.StoreChoice;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code memdir history PATH} and {@code memdir history redact PATH --version N} on the store the settings choose,
 * and what {@code memdir restore} and {@code memdir prune} change the store through.
 */
// No standard --version option here: --version N names the version to redact.
@Command(name = "history", abbreviateSynopsis = true,
        description = {"List the kept versions of a memory file, or redact one.", "Versions are kept before edits,"
                + " renames, deletes and restores;", "'history redact PATH --version N' removes one version's content"
                + " (a secret written by mistake), keeping its figures with who redacted it and when."})
final class HistoryCommand implements Callable<Integer>, UsageLine {

    private static final String SESSION = "memdir-cli";
    private static final String PATH_HELP = "/memories/notes.md or notes.md";

    /** The settings options of history, restore and prune: those of the memory and of the files it keeps. */
    static final Set<Setting> SETTINGS =
            SettingOptions.of(Group.MEMORY, Group.STORE, Group.FILES, Group.INDEX, Group.SETTINGS_FILE);

    @Mixin
    SettingOptions.Inherited options = new SettingOptions.Inherited(SETTINGS);

    @Parameters(paramLabel = "PATH", arity = "0..1", description = PATH_HELP)
    String path;

    @Option(names = "--version", paramLabel = "N", description = "With redact: the version to redact.",
            scope = ScopeType.INHERIT)
    Integer version;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.",
            scope = ScopeType.INHERIT)
    boolean help;

    @Spec
    CommandSpec spec;

    private final MemdirCommand memdir;

    HistoryCommand(MemdirCommand memdir) {
        this.memdir = memdir;
    }

    @Override
    public String usageLine() {
        return "memdir: use 'memdir history PATH' or 'memdir history redact PATH --version N'";
    }

    @Override
    public Integer call() {
        if (path == null) {
            throw new ParameterException(spec.commandLine(), "Missing required parameter: 'PATH'");
        }
        return run(path, version == null, (settings, out, err) -> list(settings, path, out, err));
    }

    @Command(name = "redact", abbreviateSynopsis = true, description = "Remove one version's content (a secret"
            + " written by mistake), keeping its figures with who redacted it and when.")
    int redact(@Parameters(paramLabel = "PATH", arity = "0..1", description = PATH_HELP) String redacted) {
        return run(redacted, path == null && redacted != null && version != null,
                (settings, out, err) -> change(settings, redacted, (tool, parsed) -> tool.redact(parsed, version),
                        out, err));
    }

    /** What a command does with the history of a file. */
    @FunctionalInterface
    private interface HistoryWork {
        ExitCode run(Settings settings, PrintStream out, PrintStream err) throws IOException;
    }

    /**
     * Runs {@code work} on the history of {@code file} with the settings given, once {@code wellFormed} says the
     * command got what it takes.
     */
    private int run(String file, boolean wellFormed, HistoryWork work) {
        if (!wellFormed) {
            memdir.invocation().err().println(usageLine());
            return ExitCode.USAGE.code();
        }
        Invocation invocation = memdir.invocation();
        Optional<Settings> settings = invocation.settings(memdir.settingsWith(options));
        if (settings.isEmpty()) {
            return ExitCode.USAGE.code();
        }
        try {
            return work.run(settings.get(), invocation.stdout(), invocation.err()).code();
        } catch (IOException e) {
            invocation.err().println("memdir: cannot read the history of " + file + ": " + e.getMessage());
            return ExitCode.FAILED.code();
        }
    }

    private static ExitCode list(Settings settings, String path, PrintStream out, PrintStream err)
            throws IOException {
        Optional<MemoryPath> parsed = parse(path, err);
        if (parsed.isEmpty()) {
            return ExitCode.USAGE;
        }
        try (MemoryStore store = open(settings, true)) {
            List<FileVersion> versions = store.versions(parsed.get());
            if (versions.isEmpty()) {
                out.println(HistoryMessages.noEarlierVersions(parsed.get().display()));
            } else {
                table(parsed.get(), versions, out);
            }
            for (RenamedFrom.Link rename : RenamedFrom.of(store, parsed.get())) {
                out.println(HistoryMessages.renamedFrom(rename.to().display(), rename.from().display()));
            }
            return ExitCode.OK;
        }
    }

    private static void table(MemoryPath path, List<FileVersion> versions, PrintStream out) {
        out.println(path.display() + ": " + Counted.of(versions.size(), "earlier version") + ", newest first");
        out.println(String.format("%-8s %-24s %-10s %9s  %-12s  %s", "version", "kept", "operation", "bytes",
                "sha256", "session"));
        for (FileVersion version : versions) {
            out.println(String.format("%-8d %-24s %-10s %9d  %-12s  %s%s%s", version.number(), version.time(),
                    version.operation().label(), version.size(),
                    version.sha256().map(sha256 -> sha256.substring(0, 12)).orElse("-"),
                    version.session(), version.renamedTo().map(to -> "  renamed to " + to.display()).orElse(""),
                    version.redaction().map(redaction -> "  redacted by " + redaction.actor() + " at "
                            + redaction.time()).orElse("")));
        }
    }

    /** A change of the history through the memory tool. */
    @FunctionalInterface
    interface HistoryChange {
        CommandOutput run(MemoryTool tool, MemoryPath path) throws CommandException;
    }

    static ExitCode change(Settings settings, String path, HistoryChange change, PrintStream out, PrintStream err)
            throws IOException {
        Optional<MemoryPath> parsed = parse(path, err);
        if (parsed.isEmpty()) {
            return ExitCode.USAGE;
        }
        try (MemoryStore store = open(settings, false)) {
            CommandOutput.Text done = (CommandOutput.Text) change.run(tool(store, settings), parsed.get());
            out.println(done.text());
            return ExitCode.OK;
        } catch (CommandException e) {
            err.println(e.text());
            return ExitCode.FAILED;
        }
    }

    /**
     * Opens the store the settings choose; only {@code toRead} it (in a bucket, without the start-up check of
     * conditional writes, which writes) when the command changes nothing.
     */
    static MemoryStore open(Settings settings, boolean toRead) throws IOException {
        return toRead ? StoreChoice.openToRead(settings, session(settings))
                : StoreChoice.open(settings, session(settings));
    }

    /** Returns the memory tool a command of the CLI changes {@code store} through. */
    static MemoryTool tool(MemoryStore store, Settings settings) {
        return new MemoryTool(store, new FrontmatterStamper(Clock.systemUTC(), session(settings)), false,
                settings.indexBudget());
    }

    private static String session(Settings settings) {
        return settings.sessionId().orElse(SESSION);
    }

    /** Accepts {@code /memories/notes.md} or {@code notes.md}. */
    private static Optional<MemoryPath> parse(String path, PrintStream err) {
        String virtual = path.startsWith(MemoryPath.ROOT) ? path : MemoryPath.ROOT + "/" + path;
        try {
            return Optional.of(MemoryPathParser.parse(virtual));
        } catch (InvalidMemoryPathException e) {
            err.println("memdir: " + path + " is not a memory file path: " + e.getMessage());
            return Optional.empty();
        }
    }
}

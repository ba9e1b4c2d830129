package dev.memdir.cli;

import dev.memdir.config.Settings;
import dev.memdir.wiring.StoreChoice;
import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.memory.CommandException;
import dev.memdir.memory.CommandOutput;
import dev.memdir.memory.FileVersion;
import dev.memdir.memory.MemoryStore;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * {@code memdir history PATH}, {@code memdir history redact PATH --version N} and
 * {@code memdir restore PATH [--version N]}, on the store the settings choose.
 */
final class HistoryCommand {

    static final int FAILED = 1;
    private static final String SESSION = "memdir-cli";

    private HistoryCommand() {}

    static int list(Settings settings, String path, PrintStream out, PrintStream err) throws IOException {
        Optional<MemoryPath> parsed = parse(path, err);
        if (parsed.isEmpty()) {
            return MemdirCommand.USAGE;
        }
        try (MemoryStore store = open(settings)) {
            List<FileVersion> versions = store.versions(parsed.get());
            if (versions.isEmpty()) {
                out.println("No earlier versions of " + parsed.get().display() + " are kept.");
                return 0;
            }
            out.println(parsed.get().display() + ": " + versions.size() + " earlier version"
                    + (versions.size() == 1 ? "" : "s") + ", newest first");
            out.println(String.format("%-8s %-24s %-10s %9s  %-12s  %s", "version", "kept", "operation", "bytes",
                    "sha256", "session"));
            for (FileVersion version : versions) {
                out.println(String.format("%-8d %-24s %-10s %9d  %-12s  %s%s", version.number(), version.time(),
                        version.operation().label(), version.size(), version.sha256().substring(0, 12),
                        version.session(), version.redaction().map(redaction -> "  redacted by "
                                + redaction.actor() + " at " + redaction.time()).orElse("")));
            }
            return 0;
        }
    }

    static int restore(Settings settings, String path, Optional<Integer> version, PrintStream out, PrintStream err)
            throws IOException {
        return change(settings, path, (tool, parsed) -> tool.restore(parsed, version), out, err);
    }

    static int redact(Settings settings, String path, int version, PrintStream out, PrintStream err)
            throws IOException {
        return change(settings, path, (tool, parsed) -> tool.redact(parsed, version), out, err);
    }

    /** A change of the history through the memory tool. */
    @FunctionalInterface
    private interface HistoryChange {
        CommandOutput run(MemoryTool tool, MemoryPath path) throws CommandException;
    }

    private static int change(Settings settings, String path, HistoryChange change, PrintStream out,
            PrintStream err) throws IOException {
        Optional<MemoryPath> parsed = parse(path, err);
        if (parsed.isEmpty()) {
            return MemdirCommand.USAGE;
        }
        try (MemoryStore store = open(settings)) {
            CommandOutput.Text done = (CommandOutput.Text) change.run(tool(store, settings), parsed.get());
            out.println(done.text());
            return 0;
        } catch (CommandException e) {
            err.println(e.text());
            return FAILED;
        }
    }

    static MemoryStore open(Settings settings) throws IOException {
        return StoreChoice.open(settings, session(settings));
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

package dev.memdir.cli;

import dev.memdir.config.ConfigException;
import dev.memdir.config.Quantities;
import dev.memdir.config.Settings;
import dev.memdir.memory.Archive;
import dev.memdir.memory.MemoryAges;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryStore;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code memdir prune [--older-than DAYS] [--apply]}: proposes the memory files untouched for longer than DAYS and,
 * with --apply, moves them into {@code /memories/archive/} by the rename command, so nothing is deleted and each
 * file's old path keeps its history ({@code memdir restore} moves it back).
 */
@Command(name = "prune", mixinStandardHelpOptions = true, versionProvider = Version.class, abbreviateSynopsis = true,
        description = {"Move memory files untouched for long into /memories/archive/.", "Without --apply it only"
                + " proposes them. Nothing is deleted: 'memdir restore' brings one back."})
final class PruneCommand extends SettingsCommand {

    static final String ARCHIVE = Archive.FOLDER.display() + "/";

    @Option(names = "--older-than", paramLabel = "DAYS",
            description = "Untouched for more than this many days (default: --stale-after, 90); 0 takes every"
                    + " file untouched since before now.")
    String olderThan;

    @Option(names = "--apply", description = "Move the proposed files into /memories/archive/.")
    boolean apply;

    PruneCommand(MemdirCommand memdir) {
        super(memdir, HistoryCommand.SETTINGS);
    }

    @Override
    ExitCode run(Settings settings, Invocation invocation) {
        try {
            Duration threshold = olderThan == null ? settings.staleAfter()
                    : Quantities.daysFromZero(olderThan, "--older-than");
            return prune(settings, threshold, invocation.stdout(), invocation.err());
        } catch (ConfigException e) {
            invocation.err().println("memdir: " + e.getMessage());
            return ExitCode.USAGE;
        } catch (IOException e) {
            invocation.err().println("memdir: cannot prune " + settings.memoryName() + ": " + e.getMessage());
            return ExitCode.FAILED;
        }
    }

    private ExitCode prune(Settings settings, Duration olderThan, PrintStream out, PrintStream err)
            throws IOException {
        try (MemoryStore store = HistoryCommand.open(settings, !apply)) {
            List<MemoryAges.Age> stale = MemoryAges.prunable(store, Instant.now(), olderThan);
            String days = Counted.of(olderThan.toDays(), "day");
            if (stale.isEmpty()) {
                out.println("No memory file has gone untouched for more than " + days + ".");
                return ExitCode.OK;
            }
            if (!apply) {
                out.println(stale.size() + " memory file" + (stale.size() == 1 ? " has" : "s have") + " gone untouched"
                        + " for more than " + days + "; 'memdir prune --apply' moves them into " + ARCHIVE + ":");
                stale.forEach(age -> out.println("  " + age.path() + "  (modified " + age.modified() + ", "
                        + Counted.of(age.ageDays(), "day") + " ago)"));
                return ExitCode.OK;
            }
            MemoryTool tool = HistoryCommand.tool(store, settings);
            int failed = 0;
            for (MemoryAges.Age age : stale) {
                String archived = ARCHIVE + age.path().substring("/memories/".length());
                try {
                    tool.archive(age.path());
                    out.println("Archived " + age.path() + " to " + archived);
                } catch (CommandException e) {
                    err.println(age.path() + ": " + e.text());
                    failed++;
                }
            }
            out.println("Undo one with 'memdir restore PATH': it moves the file back out of " + ARCHIVE + ".");
            return failed == 0 ? ExitCode.OK : ExitCode.FAILED;
        }
    }
}

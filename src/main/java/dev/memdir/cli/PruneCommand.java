package dev.memdir.cli;

import dev.memdir.config.Settings;
import dev.memdir.memory.MemoryAges;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.MemoryStore;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code memdir prune [--older-than DAYS] [--apply]}: proposes the memory files untouched for longer than DAYS and,
 * with --apply, moves them into {@code /memories/archive/} by the rename command, so nothing is deleted and each
 * file's old path keeps its history ({@code memdir restore} brings it back).
 */
final class PruneCommand {

    static final String ARCHIVE = "/memories/archive/";

    private PruneCommand() {}

    static int run(Settings settings, Duration olderThan, boolean apply, PrintStream out, PrintStream err)
            throws IOException {
        try (MemoryStore store = HistoryCommand.open(settings)) {
            List<MemoryAges.Age> stale = MemoryAges.of(store, Instant.now(), olderThan).stream()
                    .filter(MemoryAges.Age::stale)
                    .filter(age -> !age.path().startsWith(ARCHIVE) && !age.path().equals(MemoryTool.INDEX.display()))
                    .collect(Collectors.toList());
            long days = olderThan.toDays();
            if (stale.isEmpty()) {
                out.println("No memory file has gone untouched for more than " + days + " days.");
                return 0;
            }
            if (!apply) {
                out.println(stale.size() + " memory file" + (stale.size() == 1 ? " has" : "s have") + " gone untouched"
                        + " for more than " + days + " days; 'memdir prune --apply' moves them into " + ARCHIVE + ":");
                stale.forEach(age -> out.println("  " + age.path() + "  (modified " + age.modified() + ", "
                        + age.ageDays() + " days ago)"));
                return 0;
            }
            MemoryTool tool = HistoryCommand.tool(store, settings);
            int failed = 0;
            for (MemoryAges.Age age : stale) {
                String archived = ARCHIVE + age.path().substring("/memories/".length());
                try {
                    tool.call("rename", Map.of("old_path", age.path(), "new_path", archived));
                    out.println("Archived " + age.path() + " to " + archived);
                } catch (CommandException e) {
                    err.println(age.path() + ": " + e.text());
                    failed++;
                }
            }
            out.println("Undo one with 'memdir restore PATH' (its history kept what it held).");
            return failed == 0 ? 0 : HistoryCommand.FAILED;
        }
    }
}

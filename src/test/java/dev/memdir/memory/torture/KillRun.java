package dev.memdir.memory.torture;

import static dev.memdir.memory.ToolCalls.text;
import static dev.memdir.memory.torture.TortureFiles.DIRECTORIES;
import static dev.memdir.memory.torture.TortureFiles.KNOWN;
import static dev.memdir.memory.torture.TortureFiles.MOVED;
import static dev.memdir.memory.torture.TortureFiles.moved;
import static dev.memdir.memory.torture.TortureFiles.version;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.TortureSeed;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.ToolCalls;
import dev.memdir.memory.store.MemoryStore;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * kill -9 of a {@link TortureWriter} again and again on one {@link SharedMemory}, at random moments, until half of
 * {@code memdir.torture.kills} (16 by default; as many kills as scripts/torture asks for in all) have cut a directory
 * rename and as many a write. After every kill a new store and the test's own see the same: every call the writer
 * reported done whole, the call the kill cut whole or not at all, and counters equal to a recount. Each writer is
 * started anew; the seed of the moments comes from {@link TortureSeed}.
 */
public final class KillRun {

    /** How many sessions of the memory's store hold a change open right now, where the store can tell. */
    @FunctionalInterface
    public interface OpenChanges {
        int count() throws Exception;
    }

    /** What a run did: each mode's kills and calls, and how many kills found a change open. */
    public record Figures(Mode renames, Mode writes, int killsWithAChangeOpen) {}

    /** One mode's kills, the calls its writers reported done, and how long a call took on average. */
    public record Mode(int kills, int done, long meanCallMs) {}

    /** Kills that cut a call, per mode. */
    private static final int CUTS = Integer.getInteger("memdir.torture.kills", 16) / 2;
    /** The least span a kill's moment is drawn from, after the writer's first call started. */
    private static final int MIN_SPAN_MS = Integer.getInteger("memdir.torture.minKillSpanMs", 400);
    /** A kill that lands between two calls cuts none; past this many kills per mode the writer barely calls. */
    private static final int MAX_KILLS = 3 * CUTS;
    private static final int KILLED = 128 + 9;

    private final SharedMemory memory;
    private final Path log;
    private final OpenChanges openChanges;
    private Random random;
    private long seed;
    private int killsWithAChangeOpen;

    /** A run on {@code memory} whose writers' errors go to {@code log}; {@code openChanges} counts open changes. */
    public KillRun(SharedMemory memory, Path log, OpenChanges openChanges) {
        this.memory = memory;
        this.log = log;
        this.openChanges = openChanges;
    }

    /** Runs the kills, as the test {@code test}, and prints its figures in the line {@code scripts/torture} reads. */
    public Figures run(String test) throws Exception {
        seed = TortureSeed.announce(test);
        random = new Random(seed);
        Files.deleteIfExists(log);
        Files.createFile(log);
        try (MemoryStore store = memory.open("test")) {
            MemoryTool tool = ToolCalls.tool(store);
            for (String name : KNOWN) {
                text(tool, "create", "path", "/memories/" + name, "file_text", version(name, 0));
            }
            for (String name : MOVED) {
                text(tool, "create", "path", "/memories/" + DIRECTORIES.get(0) + "/" + name, "file_text",
                        moved(name));
            }
            Mode renames = killUntilCut(store, "rename");
            Mode writes = killUntilCut(store, "write");
            System.out.printf("[torture] %s cuts=%d seed=%d renameKills=%d renamesDone=%d renameMs=%d"
                    + " writeKills=%d writesDone=%d writeMs=%d killsWithAChangeOpen=%d%n", test, CUTS, seed,
                    renames.kills(), renames.done(), renames.meanCallMs(), writes.kills(), writes.done(),
                    writes.meanCallMs(), killsWithAChangeOpen);
            assertThat(renames.done()).as("renames reported done between kills").isPositive();
            assertThat(writes.done()).as("writes reported done between kills").isPositive();
            return new Figures(renames, writes, killsWithAChangeOpen);
        }
    }

    /**
     * Kills writers in {@code mode} until {@link #CUTS} kills cut a call. Each kill comes at a moment drawn from
     * twice the mean length of a call as seen so far (at least {@link #MIN_SPAN_MS}), so that kills fall anywhere
     * in a call however long the store takes: its start, its uploads, its commit.
     */
    private Mode killUntilCut(MemoryStore store, String mode) throws Exception {
        int kills = 0;
        int cuts = 0;
        int done = 0;
        long waitedMs = 0;
        Snapshot before = Snapshot.of(store);
        while (cuts < CUTS) {
            kills++;
            String where = mode + " kill #" + kills + " (seed " + seed + ")";
            assertThat(kills).as("%s: kills so far, %d of them cutting a call", where, cuts)
                    .isLessThanOrEqualTo(MAX_KILLS);
            AllowedStates allowed = AllowedStates.from(before, where);
            Process writer = TortureWriter.launch(log, memory, mode);
            try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String first = nextCall(out);
                assertThat(first).as("%s: the writer's first call (errors in %s: %s)", where, log,
                        Files.readString(log)).startsWith("start " + mode);
                allowed.heard(first);
                long delay = random.nextLong(Math.max(MIN_SPAN_MS, 2 * waitedMs / Math.max(1, done)));
                Thread.sleep(delay);
                waitedMs += delay;
                killsWithAChangeOpen += openChanges.count() > 0 ? 1 : 0;
                assertThat(writer.isAlive()).as("%s: the writer still runs (errors in %s: %s)", where, log,
                        Files.readString(log)).isTrue();
                // Through its handle: Process.destroyForcibly would also close the pipe, and lose the lines in it.
                writer.toHandle().destroyForcibly();
                assertThat(writer.waitFor(60, TimeUnit.SECONDS)).as("%s: the writer ended", where).isTrue();
                assertThat(writer.exitValue()).as("%s: the writer was killed, not ended (errors in %s: %s)", where,
                        log, Files.readString(log)).isEqualTo(KILLED);
                for (String line = nextCall(out); line != null; line = nextCall(out)) {
                    allowed.heard(line);
                }
            }
            cuts += allowed.cut() ? 1 : 0;
            done += allowed.done();
            before = checkAfter(store, allowed, where);
        }
        return new Mode(kills, done, waitedMs / Math.max(1, done));
    }

    /**
     * Checks what a new store and the test's own see after a kill, and the counters; returns what they see.
     */
    private Snapshot checkAfter(MemoryStore store, AllowedStates allowed, String where) throws Exception {
        Snapshot seen = Snapshot.of(store);
        try (MemoryStore next = memory.open("next")) {
            Snapshot fresh = Snapshot.of(next);
            assertThat(fresh.equals(seen)).as("%s: a new store sees what the test's own sees (%s)", where,
                    fresh.differences(seen)).isTrue();
            allowed.check(fresh, where);
            StoreCounts kept = StoreCounts.kept(next);
            assertThat(kept).as("%s: the counters", where).isEqualTo(StoreCounts.recounted(next));
            assertThat(StoreCounts.kept(store)).as("%s: the test's own store's counters", where).isEqualTo(kept);
            return fresh;
        }
    }

    /** Returns the next line of a writer about its calls, or null at its end (logs on stdout are skipped). */
    private static String nextCall(BufferedReader out) throws Exception {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            if (line.equals("done") || line.startsWith("start ")) {
                return line;
            }
        }
        return null;
    }
}

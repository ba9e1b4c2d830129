package dev.memdir.memory.postgres;

import static dev.memdir.memory.postgres.PostgresWriter.KNOWN;
import static dev.memdir.memory.postgres.PostgresWriter.LIMITS;
import static dev.memdir.memory.postgres.PostgresWriter.MOVED;
import static dev.memdir.memory.postgres.PostgresWriter.path;
import static dev.memdir.memory.postgres.PostgresWriter.version;
import static dev.memdir.memory.postgres.PostgresWriter.versionOf;
import static dev.memdir.memory.postgres.ToolCalls.text;
import static dev.memdir.memory.postgres.ToolCalls.tool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.TortureSeed;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.store.HistoryLimits;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of a process writing through {@link PostgresStore}, at random moments, again and again on one namespace:
 * after every kill each file holds one whole version, the moved directory is whole under one of its two names,
 * and the namespace's running totals equal a recount. Sizes and the seed come from system properties.
 */
class PostgresKillIT {

    private static final int KILLS = Integer.getInteger("memdir.torture.kills", 20);
    private static final int MAX_DELAY_MS = Integer.getInteger("memdir.torture.maxKillDelayMs", 400);

    @TempDir
    Path temp;

    @Test
    void killedMidWrite_leavesEveryFileOldOrNewAndTheTotalsEqualARecount() throws Exception {
        long seed = TortureSeed.announce("PostgresKillIT");
        Random random = new Random(seed);
        String url = LocalPostgres.shared().freshDatabase();
        String namespace = "killed";
        Path log = temp.resolve("writers.log");
        try (PostgresStore store = PostgresStore.open(url, namespace, LIMITS, HistoryLimits.DEFAULT, "test")) {
            MemoryTool tool = tool(store);
            for (String name : KNOWN) {
                text(tool, "create", "path", "/memories/" + name, "file_text", version(name, 0));
            }
            for (String name : MOVED) {
                text(tool, "create", "path", "/memories/d/" + name, "file_text", version(name, 0));
            }
            int versionsBefore = 0;
            int killsInATransaction = 0;
            for (int kill = 1; kill <= KILLS; kill++) {
                String where = "kill #" + kill + " (seed " + seed + ")";
                Process writer = PostgresWriter.launch(log, "rewrite", url, namespace);
                awaitReady(writer, where, log);
                Thread.sleep(random.nextInt(MAX_DELAY_MS));
                killsInATransaction += OpenTransactions.in(url) > 0 ? 1 : 0;
                writer.destroyForcibly();
                assertThat(writer.waitFor(30, TimeUnit.SECONDS)).as(where).isTrue();

                int versions = checkEveryFileWhole(store, where);
                assertThat(versions).as("%s: versions written so far", where).isGreaterThanOrEqualTo(versionsBefore);
                versionsBefore = versions;
                assertThat(NamespaceCounts.kept(url, namespace)).as("%s: the namespace's totals", where)
                        .isEqualTo(NamespaceCounts.recounted(url, namespace));
            }
            System.out.printf("[torture] PostgresKillIT kills=%d seed=%d versionsWritten=%d killsInATransaction=%d%n",
                    KILLS, seed, versionsBefore, killsInATransaction);
            assertThat(versionsBefore).as("the writers wrote something between kills").isPositive();
            assertThat(killsInATransaction).as("kills that found a transaction open").isPositive();
        }
    }

    private static void awaitReady(Process writer, String where, Path log) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(),
                StandardCharsets.UTF_8));
        assertThat(out.readLine()).as("%s: the writer's first line (errors in %s)", where, log).isEqualTo("ready");
    }

    /** Checks each known file and the moved directory; returns how many versions the known files went through. */
    private static int checkEveryFileWhole(PostgresStore store, String where) throws Exception {
        int versions = 0;
        for (String name : KNOWN) {
            String content = store.readText(path(name)).orElseThrow();
            int version = versionOf(name, content);
            assertThat(version >= 0 && content.equals(version(name, version)))
                    .as("%s: %s holds none of its versions (%d bytes) - torn or mixed", where, name, content.length())
                    .isTrue();
            versions += version;
        }
        boolean inD = store.readText(path("d/" + MOVED.get(0))).isPresent();
        String directory = inD ? "d/" : "e/";
        String other = inD ? "e/" : "d/";
        for (String name : MOVED) {
            assertThat(store.readText(path(directory + name))).as("%s: %s%s", where, directory, name)
                    .isEqualTo(Optional.of(version(name, 0)));
            assertThat(store.readText(path(other + name))).as("%s: %s%s", where, other, name).isEmpty();
        }
        return versions;
    }
}

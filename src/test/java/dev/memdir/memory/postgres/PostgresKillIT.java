package dev.memdir.memory.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.torture.KillRun;
import dev.memdir.memory.torture.SharedMemory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of a process writing through {@link PostgresStore}, in the middle of a directory rename and of a write,
 * again and again on one namespace ({@link KillRun}): after every kill each file holds one whole version, the moved
 * directory is whole under one of its two names, and the namespace's counters equal a recount.
 */
class PostgresKillIT {

    @TempDir
    Path temp;

    @Test
    void killedMidRenameAndMidWrite_leavesEveryChangeWholeOrAbsentAndTheCountersEqualARecount() throws Exception {
        String url = LocalPostgres.shared().freshDatabase();
        KillRun.Figures figures = new KillRun(new SharedMemory.Postgres(url, "killed"), temp.resolve("writers.log"),
                () -> OpenTransactions.in(url)).run("PostgresKillIT");
        assertThat(figures.killsWithAChangeOpen()).as("kills that found a transaction open").isPositive();
    }
}

package dev.memdir.memory.postgres;

import dev.memdir.memory.torture.SharedMemory;
import dev.memdir.memory.torture.WriterRace;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several processes, each with a store and a pool of its own, inserting into one file and into {@code MEMORY.md}
 * of one namespace at once: every line lands exactly once ({@link WriterRace}; 4 x 100 unless scripts/torture says
 * otherwise).
 */
class PostgresWritersIT {

    @TempDir
    Path temp;

    @Test
    void processesInsertingIntoOneFileAndTheIndex_landEveryLineExactlyOnce() throws Exception {
        new WriterRace(4, 100, Duration.ofMinutes(10)).run("PostgresWritersIT",
                new SharedMemory.Postgres(LocalPostgres.shared().freshDatabase(), "shared"),
                temp.resolve("writers.log"));
    }
}

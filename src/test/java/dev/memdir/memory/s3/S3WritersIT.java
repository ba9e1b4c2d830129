package dev.memdir.memory.s3;

import dev.memdir.memory.torture.SharedMemory;
import dev.memdir.memory.torture.WriterRace;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memdir processes on one bucket, as on several machines, inserting into one file and into {@code MEMORY.md} of one
 * namespace at once: every line lands exactly once ({@link WriterRace}; 4 x 50 by default, scripts/torture runs
 * 8 x 1,000). Each insert is a commit that every writer races for: half PostgreSQL's default keeps CI's time.
 */
class S3WritersIT {

    @TempDir
    Path temp;

    @Test
    void processesInsertingIntoOneFileAndTheIndex_landEveryLineExactlyOnce() throws Exception {
        new WriterRace(4, 50, Duration.ofMinutes(30)).run("S3WritersIT",
                SharedMemory.S3.onLocalS3(LocalS3.shared().freshBucket("writers"), "shared"),
                temp.resolve("writers.log"));
    }
}

package dev.memdir.memory.s3;

import dev.memdir.memory.torture.SharedMemory;
import dev.memdir.memory.torture.WriterRace;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memdir processes on one bucket, as on several machines, inserting into one file and into {@code MEMORY.md} of one
 * namespace at once: every line lands exactly once ({@link WriterRace}; 8 x 300, issue 23's figures, unless
 * scripts/torture says otherwise). Each insert is a commit that 8 writers race for, so this takes minutes.
 */
class S3WritersIT {

    @TempDir
    Path temp;

    @Test
    void processesInsertingIntoOneFileAndTheIndex_landEveryLineExactlyOnce() throws Exception {
        new WriterRace(8, 300, Duration.ofMinutes(60)).run("S3WritersIT",
                SharedMemory.S3.onLocalS3(LocalS3.shared().freshBucket("writers"), "shared"),
                temp.resolve("writers.log"));
    }
}

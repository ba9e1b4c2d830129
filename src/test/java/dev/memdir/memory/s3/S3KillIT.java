package dev.memdir.memory.s3;

import dev.memdir.memory.torture.KillRun;
import dev.memdir.memory.torture.SharedMemory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of a process writing through {@link S3Store}, in the middle of a directory rename (a commit that folds
 * its head into a new base) and of a write, again and again on one namespace ({@link KillRun}): after every kill
 * a new process sees each file whole, old or new, the moved directory whole under one of its two names, and the
 * head's counters equal a recount.
 */
class S3KillIT {

    @TempDir
    Path temp;

    @Test
    void killedMidRenameAndMidWrite_leavesEveryChangeWholeOrAbsentAndTheCountersEqualARecount() throws Exception {
        // A bucket shows no change in flight: until its one commit put, a change is objects no head names.
        new KillRun(SharedMemory.S3.onLocalS3(LocalS3.shared().freshBucket("killed"), "killed"),
                temp.resolve("writers.log"), () -> 0).run("S3KillIT");
    }
}

package dev.memdir.memory.s3;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writer processes racing on one commit log, as memdirs on separate machines would: every commit lands exactly
 * once, numbered 1 to N with no gap, each number holding the commit of the writer that won it.
 */
class CommitWritersIT {

    private static final int WRITERS = CommitRaces.WRITERS;
    private static final int COMMITS_EACH = CommitRaces.COMMITS_EACH;
    private static final int COMMITS = WRITERS * COMMITS_EACH;

    @Test
    void processesRacingForEachCommit_everyCommitLandsOnce_noGaps(@TempDir Path temp) throws Exception {
        S3Location location = LocalS3.shared().freshBucket("race");
        Path errors = temp.resolve("writers.log");
        Files.createFile(errors);
        List<Process> writers = new ArrayList<>();
        List<BufferedReader> outputs = new ArrayList<>();
        try {
            for (int writer = 0; writer < WRITERS; writer++) {
                Process process = CommitWriter.launch(errors, LocalS3.shared().endpoint().toString(),
                        location.bucket(), location.prefix(), Integer.toString(writer),
                        Integer.toString(COMMITS_EACH));
                writers.add(process);
                outputs.add(new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8)));
            }
            for (BufferedReader output : outputs) {
                assertThat(output.readLine()).as(Files.readString(errors)).isEqualTo("ready");
            }
            long started = System.nanoTime();
            for (Process writer : writers) {
                OutputStream input = writer.getOutputStream();
                input.write("go\n".getBytes(StandardCharsets.UTF_8));
                input.flush();
            }
            int lost = 0;
            for (BufferedReader output : outputs) {
                String line = output.readLine();
                assertThat(line).as(Files.readString(errors)).startsWith("lost ");
                lost += Integer.parseInt(line.substring("lost ".length()));
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            System.err.printf("CommitWritersIT: %d commits by %d processes in %.1f s (%.0f commits/s), %d lost"
                    + " races%n", COMMITS, WRITERS, seconds, COMMITS / seconds, lost);
            for (Process writer : writers) {
                assertThat(writer.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(writer.exitValue()).as(Files.readString(errors)).isZero();
            }
        } finally {
            writers.forEach(Process::destroyForcibly);
        }
        CommitRaces.assertEveryCommitOnce(location, WRITERS, COMMITS_EACH);
    }
}

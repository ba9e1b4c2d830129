package dev.memdir.memory.s3;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Writers racing on one commit log, each with its own client as separate machines would have (threads here;
 * {@link CommitWritersIT} runs them as processes): every commit lands exactly once, numbered 1 to N with no gap,
 * each number holding the commit of the writer that won it.
 */
class CommitRaceTest {

    private static final int WRITERS = CommitRaces.WRITERS;
    private static final int COMMITS_EACH = CommitRaces.COMMITS_EACH;

    @Test
    void writersRacingForEachCommit_everyCommitLandsOnce_noGaps() throws Exception {
        S3Location location = LocalS3.shared().freshBucket("race");
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        long started = System.nanoTime();
        int lost = 0;
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> writers = new ArrayList<>();
            for (int writer = 0; writer < WRITERS; writer++) {
                int number = writer;
                writers.add(pool.submit(() -> {
                    try (S3Client client = S3Clients.open(location, LocalS3.credentials(), Duration.ofSeconds(60))) {
                        CommitLog log = new CommitLog(client, location, CommitRaces.SPACE);
                        start.await();
                        return CommitRaces.commitAll(log, number, COMMITS_EACH);
                    }
                }));
            }
            start.countDown();
            for (Future<Integer> writer : writers) {
                lost += writer.get();
            }
        } finally {
            pool.shutdownNow();
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        System.err.printf("CommitRaceTest: %d commits by %d writers in %.1f s (%.0f commits/s), %d lost races%n",
                WRITERS * COMMITS_EACH, WRITERS, seconds, WRITERS * COMMITS_EACH / seconds, lost);
        CommitRaces.assertEveryCommitOnce(location, WRITERS, COMMITS_EACH);
    }
}

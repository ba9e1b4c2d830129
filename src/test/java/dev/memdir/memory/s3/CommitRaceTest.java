package dev.memdir.memory.s3;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Writers racing on one commit log, each with its own client as separate machines would have: every commit lands
 * exactly once, numbered 1 to N with no gap, each number holding the commit of the writer that won it.
 */
class CommitRaceTest {

    private static final int WRITERS = 8;
    private static final int COMMITS_EACH = 50;

    @Test
    void eightWritersFiftyCommitsEach_everyCommitLandsOnce_noGaps() throws Exception {
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
                    start.await();
                    return commitAll(location, number);
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

        try (S3Client client = S3Clients.open(location, LocalS3.credentials(), Duration.ofSeconds(60))) {
            CommitLog log = new CommitLog(client, location, "ns/team");
            assertThat(log.latest().orElseThrow().sequence()).isEqualTo(WRITERS * COMMITS_EACH);
            List<String> expectedKeys = new ArrayList<>();
            for (long sequence = 1; sequence <= WRITERS * COMMITS_EACH; sequence++) {
                expectedKeys.add(log.key(sequence));
            }
            assertThat(client.listObjectsV2Paginator(request -> request.bucket(location.bucket())
                    .prefix("race/ns/team/commits/")).contents()).extracting(S3Object::key)
                    .containsExactlyElementsOf(expectedKeys);
            Set<String> payloads = new HashSet<>();
            for (long sequence = 1; sequence <= WRITERS * COMMITS_EACH; sequence++) {
                long key = sequence;
                String stored = client.getObjectAsBytes(request -> request.bucket(location.bucket())
                        .key(log.key(key))).asUtf8String();
                String payload = stored.substring(stored.indexOf('\n') + 1);
                assertThat(stored).as("commit %d", sequence).startsWith(payload.replace(' ', '-') + "\n");
                payloads.add(payload);
            }
            assertThat(payloads).hasSize(WRITERS * COMMITS_EACH);
            for (int writer = 0; writer < WRITERS; writer++) {
                for (int i = 0; i < COMMITS_EACH; i++) {
                    assertThat(payloads).contains("writer " + writer + " commit " + i);
                }
            }
        }
    }

    /** Commits {@link #COMMITS_EACH} times as writer {@code number}, retrying lost races; returns how many it lost. */
    private static int commitAll(S3Location location, int number) {
        int lost = 0;
        try (S3Client client = S3Clients.open(location, LocalS3.credentials(), Duration.ofSeconds(60))) {
            CommitLog log = new CommitLog(client, location, "ns/team");
            for (int i = 0; i < COMMITS_EACH; i++) {
                String payload = "writer " + number + " commit " + i;
                while (log.tryCommit(log.latest().map(Commit::sequence).orElse(0L),
                        payload.getBytes(StandardCharsets.UTF_8), payload.replace(' ', '-'))
                        == CommitOutcome.LOST_RACE) {
                    lost++;
                }
            }
        }
        return lost;
    }
}

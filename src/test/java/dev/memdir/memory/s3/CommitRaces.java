package dev.memdir.memory.s3;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/** What racing writers of one commit log do, and what must hold of the log after them. */
final class CommitRaces {

    /** The namespace segment the writers share. */
    static final String SPACE = "ns/team";
    /** How many writers race: 4 by default, scripts/torture asks for more. */
    static final int WRITERS = Integer.getInteger("memdir.torture.commitWriters", 4);
    /** How many commits each writer lands. */
    static final int COMMITS_EACH = Integer.getInteger("memdir.torture.commits", 15);

    private CommitRaces() {}

    /**
     * Makes {@code count} commits as writer {@code number}, each "read the newest, create the next" retried on a
     * lost race; returns how many races it lost.
     */
    static int commitAll(CommitLog log, int number, int count) {
        int lost = 0;
        for (int i = 0; i < count; i++) {
            String payload = payload(number, i);
            while (log.tryCommit(log.latest().map(Commit::sequence).orElse(0L),
                    payload.getBytes(StandardCharsets.UTF_8), payload.replace(' ', '-')) == CommitOutcome.LOST_RACE) {
                lost++;
            }
        }
        return lost;
    }

    /**
     * Asserts that the log at {@code location} holds commits 1 to writers x each, no other, every writer's every
     * commit once, each under its writer's id.
     */
    static void assertEveryCommitOnce(S3Location location, int writers, int each) {
        int commits = writers * each;
        try (S3Client client = S3Clients.open(location, LocalS3.credentials(), Duration.ofSeconds(60))) {
            CommitLog log = new CommitLog(client, location, SPACE);
            assertThat(log.latest().orElseThrow().sequence()).isEqualTo(commits);
            List<String> expectedKeys = new ArrayList<>();
            for (long sequence = 1; sequence <= commits; sequence++) {
                expectedKeys.add(log.key(sequence));
            }
            assertThat(client.listObjectsV2Paginator(request -> request.bucket(location.bucket())
                    .prefix(location.key(SPACE + "/commits/"))).contents()).extracting(S3Object::key)
                    .containsExactlyElementsOf(expectedKeys);
            Set<String> payloads = new HashSet<>();
            for (long sequence = 1; sequence <= commits; sequence++) {
                long key = sequence;
                String stored = client.getObjectAsBytes(request -> request.bucket(location.bucket())
                        .key(log.key(key))).asUtf8String();
                String payload = stored.substring(stored.indexOf('\n') + 1);
                assertThat(stored).as("commit %d", sequence).startsWith(payload.replace(' ', '-') + "\n");
                payloads.add(payload);
            }
            for (int writer = 0; writer < writers; writer++) {
                for (int i = 0; i < each; i++) {
                    assertThat(payloads).contains(payload(writer, i));
                }
            }
            assertThat(payloads).hasSize(commits);
        }
    }

    /** Returns what writer {@code number} commits the {@code i}-th time. */
    static String payload(int number, int i) {
        return "writer " + number + " commit " + i;
    }
}

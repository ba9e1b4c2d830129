package dev.memdir.memory.s3;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/** The commit point of a namespace, against a real S3 API server (S3Proxy on loopback). */
class CommitLogTest {

    private S3Location location;
    private S3Client client;
    private CommitLog log;

    @BeforeEach
    void openLog() {
        location = LocalS3.shared().freshBucket("team");
        client = S3Clients.open(location, LocalS3.credentials(), Duration.ofSeconds(30));
        log = new CommitLog(client, location, "ns/alice");
    }

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void emptyLog_hasNoLatest() {
        assertThat(log.latest()).isEmpty();
    }

    @Test
    void commitsInSequence_readBackInOrder_underNumberedKeys() {
        for (int i = 0; i < 5; i++) {
            assertThat(log.tryCommit(i, bytes("state " + (i + 1)), "writer-" + i)).isEqualTo(CommitOutcome.COMMITTED);
            Commit latest = log.latest().orElseThrow();
            assertThat(latest.sequence()).isEqualTo(i + 1);
            assertThat(latest.id()).isEqualTo("writer-" + i);
            assertThat(text(latest)).isEqualTo("state " + (i + 1));
        }
        assertThat(client.listObjectsV2(request -> request.bucket(location.bucket()).prefix("team/ns/alice/commits/"))
                .contents()).extracting(S3Object::key).containsExactly("team/ns/alice/commits/000000000001",
                "team/ns/alice/commits/000000000002", "team/ns/alice/commits/000000000003",
                "team/ns/alice/commits/000000000004", "team/ns/alice/commits/000000000005");
    }

    @Test
    void commitOnAStaleSequence_losesTheRace_andTheWinnerStays() {
        log.tryCommit(0, bytes("first"), "a");
        log.tryCommit(1, bytes("second"), "b");

        assertThat(log.tryCommit(1, bytes("late"), "c")).isEqualTo(CommitOutcome.LOST_RACE);
        Commit latest = log.latest().orElseThrow();
        assertThat(latest.sequence()).isEqualTo(2);
        assertThat(latest.id()).isEqualTo("b");
        assertThat(text(latest)).isEqualTo("second");
    }

    @Test
    void staleMissingOrGarbledHint_stillFindsTheNewest() {
        for (int i = 0; i < 5; i++) {
            log.tryCommit(i, bytes("state " + (i + 1)), "w" + i);
        }
        for (String hint : new String[] {"2", "0", "not a number", ""}) {
            client.putObject(request -> request.bucket(location.bucket()).key(log.hintKey()),
                    RequestBody.fromString(hint));
            assertThat(log.latest().orElseThrow().sequence()).as("hint '%s'", hint).isEqualTo(5);
        }
        client.deleteObject(request -> request.bucket(location.bucket()).key(log.hintKey()));
        assertThat(log.latest().orElseThrow().sequence()).as("no hint").isEqualTo(5);
    }

    @Test
    void hintNamingAPrunedCommit_stillFindsTheNewest() {
        for (int i = 0; i < 5; i++) {
            log.tryCommit(i, bytes("state " + (i + 1)), "w" + i);
        }
        client.putObject(request -> request.bucket(location.bucket()).key(log.hintKey()), RequestBody.fromString("2"));
        for (long pruned = 1; pruned <= 2; pruned++) {
            long sequence = pruned;
            client.deleteObject(request -> request.bucket(location.bucket()).key(log.key(sequence)));
        }
        assertThat(text(log.latest().orElseThrow())).isEqualTo("state 5");
    }

    @Test
    void lostReplyOfACommitThatLanded_resolvesToCommitted() {
        assertThat(log.tryCommit(0, bytes("mine"), "mine-1")).isEqualTo(CommitOutcome.COMMITTED);

        assertThat(log.resolve(1, bytes("mine"), "mine-1")).isEqualTo(CommitOutcome.COMMITTED);
        assertThat(log.latest().orElseThrow().sequence()).isEqualTo(1);
    }

    @Test
    void lostReplyWhereAnotherWriterLanded_resolvesToLostRace() {
        log.tryCommit(0, bytes("theirs"), "theirs-1");

        assertThat(log.resolve(1, bytes("mine"), "mine-1")).isEqualTo(CommitOutcome.LOST_RACE);
        assertThat(text(log.latest().orElseThrow())).isEqualTo("theirs");
    }

    @Test
    void lostReplyOfACommitThatNeverLanded_createsIt() {
        log.tryCommit(0, bytes("first"), "a");

        assertThat(log.resolve(2, bytes("mine"), "mine-2")).isEqualTo(CommitOutcome.COMMITTED);
        Commit latest = log.latest().orElseThrow();
        assertThat(latest.sequence()).isEqualTo(2);
        assertThat(latest.id()).isEqualTo("mine-2");
    }

    @Test
    void lostReplyOfAPrunedCommit_isUnknown_andNothingIsCreated() {
        log.tryCommit(0, bytes("first"), "a");
        log.tryCommit(1, bytes("second"), "b");
        client.deleteObject(request -> request.bucket(location.bucket()).key(log.key(1)));

        assertThat(log.resolve(1, bytes("mine"), "mine-1")).isEqualTo(CommitOutcome.UNKNOWN);
        assertThat(client.listObjectsV2(request -> request.bucket(location.bucket()).prefix("team/ns/alice/commits/"))
                .contents()).extracting(S3Object::key).containsExactly("team/ns/alice/commits/000000000002");
    }

    @Test
    void newerThan_isEmptyWhileNothingChanged_elseTheNewest() {
        log.tryCommit(0, bytes("first"), "a");
        assertThat(log.newerThan(1)).isEmpty();

        log.tryCommit(1, bytes("second"), "b");
        assertThat(text(log.newerThan(1).orElseThrow())).isEqualTo("second");

        log.tryCommit(2, bytes("third"), "c");
        log.tryCommit(3, bytes("fourth"), "d");
        Commit newest = log.newerThan(1).orElseThrow();
        assertThat(newest.sequence()).isEqualTo(4);
        assertThat(text(newest)).isEqualTo("fourth");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(Commit commit) {
        return new String(commit.payload(), StandardCharsets.UTF_8);
    }
}

package dev.memdir.memory.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.memdir.memory.path.InvalidMemoryPathException;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.StoreFault;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/** What only the S3 store does: commits that lose a race, folds, heads it must refuse, and an unreachable store. */
class S3StoreTest {

    private static final StoreLimits LIMITS = StoreLimits.perFile(StoreLimits.UNLIMITED);
    private static final MemoryPath INDEX = path("MEMORY.md");

    private static MemoryPath path(String relative) {
        try {
            return MemoryPathParser.parse("/memories/" + relative);
        } catch (InvalidMemoryPathException e) {
            throw new AssertionError(e);
        }
    }

    private static S3Store open(S3Location bucket, String actor) throws IOException {
        return open(bucket, LocalS3.credentials(), actor);
    }

    private static S3Store open(S3Location bucket, AwsCredentialsProvider credentials, String actor)
            throws IOException {
        return S3Store.open(S3Options.of(bucket, "team", LIMITS, actor).withCredentials(credentials));
    }

    private static void write(S3Store store, MemoryPath path, String text) throws Exception {
        store.change(files -> {
            files.write(path, text.getBytes(StandardCharsets.UTF_8));
            return null;
        });
    }

    private static String read(S3Store store, MemoryPath path) throws Exception {
        return store.read(files -> new String(files.read(path), StandardCharsets.UTF_8));
    }

    @Test
    void aChangeThatLosesTheRace_runsAgainOnTheNewHead() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("race");
        try (S3Store first = open(bucket, "first"); S3Store second = open(bucket, "second")) {
            write(first, INDEX, "- a\n");
            AtomicInteger runs = new AtomicInteger();

            first.change(files -> {
                if (runs.incrementAndGet() == 1) {
                    // Another writer commits after this work read the head and before it commits.
                    second.change(other -> {
                        other.write(INDEX, (new String(other.read(INDEX), StandardCharsets.UTF_8) + "- b\n")
                                .getBytes(StandardCharsets.UTF_8));
                        return null;
                    });
                }
                files.write(INDEX, (new String(files.read(INDEX), StandardCharsets.UTF_8) + "- c\n")
                        .getBytes(StandardCharsets.UTF_8));
                return null;
            });

            assertThat(runs).hasValue(2);
            assertThat(read(first, INDEX)).isEqualTo("- a\n- b\n- c\n");
            assertThat(read(second, INDEX)).isEqualTo("- a\n- b\n- c\n");
            assertThat(first.versions(INDEX)).hasSize(2);
        }
    }

    @Test
    void aWriterThatLosesEveryRaceForTheTimeout_answersBusyAndChangesNothing() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("busy");
        Duration timeout = Duration.ofMillis(300);
        try (S3Store loser = S3Store.open(S3Options.of(bucket, "team", LIMITS, "loser")
                .withCredentials(LocalS3.credentials()).withTimeout(timeout)); S3Store winner = open(bucket,
                "winner")) {
            write(winner, INDEX, "");
            AtomicInteger runs = new AtomicInteger();

            StoreFault busy = catchThrowableOfType(StoreFault.class, () -> loser.change(files -> {
                // Every time this work has read the head, another writer commits first.
                int run = runs.incrementAndGet();
                winner.change(other -> {
                    other.write(INDEX, (new String(other.read(INDEX), StandardCharsets.UTF_8) + "- winner " + run
                            + "\n").getBytes(StandardCharsets.UTF_8));
                    return null;
                });
                files.write(INDEX, "- loser\n".getBytes(StandardCharsets.UTF_8));
                return null;
            }));

            assertThat(busy).hasMessage("Error: memory store busy (other writers kept changing the memory for more"
                    + " than 0.3 s). Nothing was changed.");
            assertThat(read(winner, INDEX)).doesNotContain("- loser").contains("- winner " + runs.get() + "\n");
        }
    }

    @Test
    void aChangeOfManyPaths_foldsIntoABaseThatAnotherStoreReads() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("fold");
        int count = NextCommit.FOLD_PATHS + 44;
        try (S3Store writer = open(bucket, "writer")) {
            writer.change(files -> {
                for (int i = 0; i < count; i++) {
                    files.write(path("notes/" + i + ".md"),
                            ("note " + i + "\n").getBytes(StandardCharsets.UTF_8));
                }
                return null;
            });
            write(writer, INDEX, "- after the fold\n");
        }

        try (S3Store reader = open(bucket, "reader")) {
            assertThat(reader.listedFiles()).hasSize(count + 1);
            assertThat(read(reader, path("notes/123.md"))).isEqualTo("note 123\n");
            assertThat(read(reader, INDEX)).isEqualTo("- after the fold\n");
            assertThat(reader.usage().files()).isEqualTo(count + 1);
        }
        assertThat(LocalS3.contents(bucket).stream().map(content -> new String(content, StandardCharsets.UTF_8)))
                .anyMatch(text -> text.contains("\"base\":{\"key\":\"bases/000000000001-"));
    }

    @Test
    void aHeadOfANewerFormat_isRefusedAtOpen() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("future");
        try (S3Client client = S3Clients.open(bucket, LocalS3.credentials(), Duration.ofSeconds(30))) {
            CommitLog log = new CommitLog(client, bucket, S3Store.space("team"));
            client.putObject(request -> request.bucket(bucket.bucket()).key(log.key(1)),
                    RequestBody.fromString("writer-of-2030\n{\"format\":2,\"namespace\":\"team\",\"generation\":1}"));
        }

        IOException refused = catchThrowableOfType(IOException.class, () -> open(bucket, "today"));

        assertThat(refused).hasMessage("its head has format 2; this memdir reads format 1");
    }

    @Test
    void aNamespaceWhoseCommitsWereRemovedByHand_isNotTakenForAnEmptyOne() throws Exception {
        S3Location bucket = LocalS3.shared().freshBucket("removed");
        try (S3Store store = open(bucket, "before")) {
            write(store, INDEX, "- kept\n");
        }
        try (S3Client client = S3Clients.open(bucket, LocalS3.credentials(), Duration.ofSeconds(30))) {
            client.deleteObject(request -> request.bucket(bucket.bucket())
                    .key(new CommitLog(client, bucket, S3Store.space("team")).key(1)));
        }

        IOException refused = catchThrowableOfType(IOException.class, () -> open(bucket, "after"));

        assertThat(refused).hasMessage("the memory's commits are missing");
    }

    @Test
    void anEndpointNothingAnswers_isRefusedAtOpenInAFewWords() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        S3Location nowhere = new S3Location("team-memory", "", Optional.of(URI.create("http://127.0.0.1:" + closed)),
                Optional.of(LocalS3.REGION));

        IOException refused = catchThrowableOfType(IOException.class, () -> open(nowhere, "nobody"));

        assertThat(refused).hasMessage("connection refused");
    }

    @Test
    void wrongCredentials_nameTheStoresRefusalAndNotTheSecret() {
        S3Location bucket = LocalS3.shared().freshBucket("");
        String secret = "not-the-secret-0123456789";
        AwsCredentialsProvider wrong = StaticCredentialsProvider.create(
                AwsBasicCredentials.create(LocalS3.ACCESS_KEY, secret));

        IOException refused = catchThrowableOfType(IOException.class, () -> open(bucket, wrong, "intruder"));

        assertThat(refused).hasMessage("authentication failed (SignatureDoesNotMatch)");
        assertThat(refused.getMessage()).doesNotContain(secret);
    }

    @Test
    void aStoreThatGoesAway_answersUnavailableChangesNothing_andWorksWhenBack() throws Exception {
        LocalS3 server = LocalS3.startOwn();
        S3Location bucket = server.freshBucket("outage");
        try (S3Store store = open(bucket, "through-the-outage")) {
            write(store, INDEX, "- before\n");

            server.stop();
            StoreFault reading = catchThrowableOfType(StoreFault.class, () -> read(store, INDEX));
            StoreFault writing = catchThrowableOfType(StoreFault.class, () -> write(store, INDEX, "- during\n"));
            server.restart();

            String unavailable = "Error: memory store unavailable (connection refused). Nothing was changed.";
            assertThat(reading).hasMessage(unavailable);
            assertThat(writing).hasMessage(unavailable);
            assertThat(read(store, INDEX)).isEqualTo("- before\n");
            write(store, INDEX, "- after\n");
            assertThat(read(store, INDEX)).isEqualTo("- after\n");
        }
    }
}

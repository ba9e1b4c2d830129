package dev.memdir.memory.s3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.path.MemoryPathParser;
import dev.memdir.memory.store.FileVersion;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.StoreLimits;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3Client;

/** The sweep removes old commits and what no head names, never what the newest head needs or a young object. */
class SweepTest {

    private static final int CHANGES = Sweep.KEPT_COMMITS + 10;
    private S3Location bucket;
    private MemoryPath index;

    @BeforeEach
    void manyCommitsAndAnOrphan() throws Exception {
        bucket = LocalS3.shared().freshBucket("swept");
        index = MemoryPathParser.parse("/memories/MEMORY.md");
        try (S3Client client = client()) {
            // Older than the newest commit, the sweep's clock (the store lists times to the second).
            new ObjectCalls(client, bucket, S3Store.space("team")).create("blobs/orphan", new byte[] {1});
        }
        Thread.sleep(1100);
        // Past the sweep's own trigger (a commit whose number is a multiple of 64): an hour's age keeps it idle.
        try (S3Store store = open("writer")) {
            for (int i = 1; i <= CHANGES; i++) {
                if (i == CHANGES) {
                    Thread.sleep(1100); // the newest commit a second after the others, to the store's clock
                }
                byte[] text = ("- change " + i + "\n").getBytes(StandardCharsets.UTF_8);
                store.change(files -> {
                    files.write(index, text);
                    return null;
                });
            }
        }
    }

    private S3Store open(String actor) throws Exception {
        return S3Store.open(S3Options.of(bucket, "team", StoreLimits.perFile(StoreLimits.UNLIMITED), actor)
                .withCredentials(LocalS3.credentials()));
    }

    private S3Client client() {
        return S3Clients.open(bucket, LocalS3.credentials(), Duration.ofSeconds(30));
    }

    private Set<String> namedByTheNewestHead(S3Client client) throws Exception {
        Commit newest = new CommitLog(client, bucket, S3Store.space("team")).latest().orElseThrow();
        Head head = HeadJson.head(newest.payload(), newest.sequence(), "team");
        Set<String> named = new HashSet<>(new Manifest(head, null).draft(blob -> new byte[0],
                HistoryLimits.DEFAULT, "test").named());
        assertThat(head.base()).isNull();
        return named;
    }

    @Test
    void oldCommitsAndOrphans_goWhileTheNewestHeadAndItsContentsStay() throws Exception {
        List<String> gone;
        Set<String> named;
        try (S3Client client = client()) {
            named = namedByTheNewestHead(client);
            gone = new Sweep(client, bucket, S3Store.space("team"), Duration.ZERO).after(CHANGES, named);
        }

        assertThat(gone).contains("blobs/orphan")
                .containsAll(LongStream.rangeClosed(1, CHANGES - Sweep.KEPT_COMMITS)
                        .mapToObj(number -> String.format("commits/%012d", number)).toList())
                .doesNotContain(String.format("commits/%012d", CHANGES - Sweep.KEPT_COMMITS + 1))
                .doesNotContainAnyElementsOf(named);
        try (S3Store reader = open("reader")) {
            assertThat(reader.readText(index)).contains("- change " + CHANGES + "\n");
            List<FileVersion> versions = reader.versions(index);
            assertThat(versions).hasSize(HistoryLimits.DEFAULT.keep());
            for (FileVersion version : versions) {
                Optional<byte[]> content = reader.readPlainly(files -> files.version(index, version.number()));
                assertThat(content).as("version %d", version.number()).isPresent();
            }
        }
    }

    @Test
    void objectsYoungerThanTheAge_stay() throws Exception {
        try (S3Client client = client()) {
            assertThat(new Sweep(client, bucket, S3Store.space("team"), Sweep.AGE)
                    .after(CHANGES, namedByTheNewestHead(client))).isEmpty();
        }
    }
}

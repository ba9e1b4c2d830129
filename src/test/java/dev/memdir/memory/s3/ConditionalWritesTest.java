package dev.memdir.memory.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** The start-up check of conditional writes, against a real S3 API server (S3Proxy on loopback). */
class ConditionalWritesTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void s3Proxy_honoursCreateOnlyPuts_andTheScratchObjectsAreGone() {
        S3Location location = LocalS3.shared().freshBucket("team/alice");
        try (S3Client client = S3Clients.open(location, LocalS3.credentials(), TIMEOUT)) {
            client.putObject(request -> request.bucket(location.bucket()).key("team/alice/MEMORY.md"),
                    RequestBody.fromString("# memory\n"));

            assertThat(new ConditionalWrites(client, location).refusal()).isEmpty();
            assertThat(client.listObjectsV2(request -> request.bucket(location.bucket())).contents())
                    .extracting(object -> object.key()).containsExactly("team/alice/MEMORY.md");
        }
    }

    @Test
    void s3Proxy_refusesAPutOverAnExistingObject_with412() {
        S3Location location = LocalS3.shared().freshBucket("");
        try (S3Client client = S3Clients.open(location, LocalS3.credentials(), TIMEOUT)) {
            client.putObject(request -> request.bucket(location.bucket()).key("lease"), RequestBody.fromString("a"));

            assertThatThrownBy(() -> client.putObject(request -> request.bucket(location.bucket()).key("lease")
                    .ifNoneMatch("*"), RequestBody.fromString("b")))
                    .isInstanceOfSatisfying(S3Exception.class, e -> assertThat(e.statusCode()).isEqualTo(412));
            assertThat(client.getObjectAsBytes(request -> request.bucket(location.bucket()).key("lease"))
                    .asUtf8String()).isEqualTo("a");
        }
    }

    @Test
    void s3Proxy_refusesAPutNamingAStaleETag_with412() {
        S3Location location = LocalS3.shared().freshBucket("");
        try (S3Client client = S3Clients.open(location, LocalS3.credentials(), TIMEOUT)) {
            String stale = client.putObject(request -> request.bucket(location.bucket()).key("lease"),
                    RequestBody.fromString("a")).eTag();
            client.putObject(request -> request.bucket(location.bucket()).key("lease").ifMatch(stale),
                    RequestBody.fromString("b"));

            assertThatThrownBy(() -> client.putObject(request -> request.bucket(location.bucket()).key("lease")
                    .ifMatch(stale), RequestBody.fromString("c")))
                    .isInstanceOfSatisfying(S3Exception.class, e -> assertThat(e.statusCode()).isEqualTo(412));
            assertThat(client.getObjectAsBytes(request -> request.bucket(location.bucket()).key("lease"))
                    .asUtf8String()).isEqualTo("b");
        }
    }

    @Test
    void missingBucket_isTheStoresAnswer_notARefusal() {
        S3Location location = new S3Location("no-such-bucket", "", Optional.of(LocalS3.shared().endpoint()),
                Optional.of(LocalS3.REGION));
        try (S3Client client = S3Clients.open(location, LocalS3.credentials(), TIMEOUT)) {
            assertThatThrownBy(() -> new ConditionalWrites(client, location).refusal())
                    .isInstanceOfSatisfying(S3Exception.class, e -> assertThat(e.statusCode()).isEqualTo(404));
        }
    }
}

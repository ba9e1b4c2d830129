package dev.memdir.memory.s3;

import java.util.Optional;
import java.util.UUID;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Checks that a store honours the conditional writes one change as one unit rests on: a put with
 * {@code If-None-Match: *} over an existing object, and a put with {@code If-Match} naming a stale ETag, must both
 * fail with 412 Precondition Failed. A store that lets either through would let two writers overwrite each other
 * unseen, so it is refused rather than risked. The check writes one scratch object under the prefix and removes it.
 */
final class ConditionalWrites {

    private static final int PRECONDITION_FAILED = 412;
    /** What a store answers to a condition it does not know, where it does not ignore it. */
    private static final int NOT_IMPLEMENTED = 501;
    /** Where the scratch objects go, beside the memory's own keys. */
    private static final String SCRATCH = ".memdir-probe/";

    private final S3Client client;
    private final S3Location location;

    ConditionalWrites(S3Client client, S3Location location) {
        this.client = client;
        this.location = location;
    }

    /**
     * Returns why the store is refused, in one line, or empty when it honours both conditions. Failures to reach
     * the store at all (the network, the credentials, a missing bucket) are the SDK's exceptions, not a refusal.
     */
    Optional<String> refusal() {
        String key = location.key(SCRATCH + UUID.randomUUID());
        try {
            String first = put(key, "first", PutObjectRequest.Builder::ifNoneMatch, "*");
            try {
                return refusal(key, first);
            } finally {
                client.deleteObject(request -> request.bucket(location.bucket()).key(key));
            }
        } catch (S3Exception e) {
            if (e.statusCode() == NOT_IMPLEMENTED) {
                return Optional.of(refused("If-None-Match or If-Match", "a put holding one was answered "
                        + answer(e)));
            }
            throw e;
        }
    }

    /** Checks both conditions on the scratch object at {@code key}, whose ETag is {@code first}. */
    private Optional<String> refusal(String key, String first) {
        Optional<String> overExisting = mustFail(key, "If-None-Match: *", "*", PutObjectRequest.Builder::ifNoneMatch,
                "a put over an existing object");
        if (overExisting.isPresent()) {
            return overExisting;
        }
        put(key, "second", PutObjectRequest.Builder::ifMatch, first);
        return mustFail(key, "If-Match", first, PutObjectRequest.Builder::ifMatch, "a put naming a stale ETag");
    }

    /** Puts {@code text} at {@code key} under one condition and returns the new ETag. */
    private String put(String key, String text, Condition condition, String value) {
        PutObjectRequest.Builder request = PutObjectRequest.builder().bucket(location.bucket()).key(key);
        condition.set(request, value);
        return client.putObject(request.build(), RequestBody.fromString(text)).eTag();
    }

    /** Returns the refusal when a put under a condition that does not hold is not refused with 412. */
    private Optional<String> mustFail(String key, String header, String value, Condition condition, String what) {
        try {
            put(key, "must not land", condition, value);
            return Optional.of(refused(header, what + " succeeded"));
        } catch (S3Exception e) {
            if (e.statusCode() == PRECONDITION_FAILED) {
                return Optional.empty();
            }
            return Optional.of(refused(header, what + " was answered " + answer(e)));
        }
    }

    private static String answer(S3Exception e) {
        return e.statusCode() + Optional.ofNullable(e.awsErrorDetails()).map(details -> " " + details.errorCode())
                .orElse("");
    }

    private String refused(String header, String seen) {
        return location + " does not honour conditional writes (" + header + ": " + seen + ", where it must fail"
                + " with 412); memdir needs them to keep each change whole, so it does not use this store";
    }

    /** Sets one precondition header on a put. */
    private interface Condition {
        void set(PutObjectRequest.Builder request, String value);
    }
}

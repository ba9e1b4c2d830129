package dev.memdir.memory.s3;

import dev.memdir.memory.store.KeyRecord;
import java.util.Optional;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * A namespace's key record in a bucket: the object {@code SPACE/data-key} beside its commits, created with
 * {@code If-None-Match: *} as commits are, so that of two stores opening a new namespace at once one record stays.
 */
final class BucketKeyRecord implements KeyRecord {

    private static final int PRECONDITION_FAILED = 412;
    private static final int CONFLICT = 409;

    private final S3Client client;
    private final String bucket;
    private final String key;
    private final String space;

    /** The record of the namespace under {@code space} (a key segment such as {@code ns/team}). */
    BucketKeyRecord(S3Client client, S3Location location, String space) {
        this.client = client;
        this.bucket = location.bucket();
        this.key = location.key(space + "/data-key");
        this.space = location.key(space + "/");
    }

    @Override
    public Optional<byte[]> read() {
        try {
            return Optional.of(client.getObjectAsBytes(request -> request.bucket(bucket).key(key)).asByteArray());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        }
    }

    @Override
    public byte[] create(byte[] record) {
        try {
            client.putObject(request -> request.bucket(bucket).key(key).ifNoneMatch("*"),
                    RequestBody.fromBytes(record));
            return record.clone();
        } catch (S3Exception e) {
            if (e.statusCode() != PRECONDITION_FAILED && e.statusCode() != CONFLICT) {
                throw e;
            }
            // Another store kept its record first (or the SDK retried a put of ours that landed): the one there counts.
            return read().orElseThrow(() -> e);
        }
    }

    @Override
    public void replace(byte[] record) {
        client.putObject(request -> request.bucket(bucket).key(key), RequestBody.fromBytes(record));
    }

    /**
     * Anything under the namespace's prefix but the record (a commit, the hint, a content) says it was written
     * before, unless a record is there now: another store made it, and wrote, since this one read none; creating
     * one then loses to it, as a race should.
     */
    @Override
    public boolean holdsAnything() {
        return client.listObjectsV2(request -> request.bucket(bucket).prefix(space).maxKeys(2)).contents().stream()
                .anyMatch(object -> !object.key().equals(key)) && read().isEmpty();
    }
}

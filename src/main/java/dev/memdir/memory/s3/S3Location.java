package dev.memdir.memory.s3;

import java.net.URI;
import java.util.Optional;

/**
 * Where a memory lives in object storage: a bucket, a prefix inside it, and the service that holds it.
 *
 * @param bucket the bucket's name
 * @param prefix the keys' common beginning, without a slash at either end; empty for the whole bucket
 * @param endpoint the service's URL when it is not Amazon S3 (then addressed path-style: {@code ENDPOINT/BUCKET/KEY})
 * @param region the region to sign for; empty to take the AWS chain's ({@code AWS_REGION}, the profile's)
 */
public record S3Location(String bucket, String prefix, Optional<URI> endpoint, Optional<String> region) {

    /** Returns the key of {@code name} under the prefix. */
    String key(String name) {
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    /** Names the memory as {@code --store} takes it, {@code s3://BUCKET[/PREFIX]}. */
    @Override
    public String toString() {
        return "s3://" + bucket + (prefix.isEmpty() ? "" : "/" + prefix);
    }
}

package dev.memdir.memory.s3;

import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.StoreLimits;
import java.time.Duration;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;

/**
 * What a namespace in a bucket is opened with.
 *
 * @param location the bucket, its key prefix, endpoint and region
 * @param namespace the namespace, by the rule of {@code Namespaces}
 * @param limits the limits of the memory
 * @param history how many earlier versions of files the namespace keeps
 * @param actor who changes the memory through the store, as its history names the writer
 * @param timeout how long a call waits for the store
 * @param readOnly whether the store is only read: it skips the start-up check of conditional writes, which writes
 *     scratch objects, and gives a new namespace no key record
 * @param keys the key-encryption key given, if any ({@code SealChoice})
 * @param credentials the credentials to sign requests with; empty for the AWS default credentials chain
 */
public record S3Options(S3Location location, String namespace, StoreLimits limits, HistoryLimits history,
        String actor, Duration timeout, boolean readOnly, Optional<MemoryKeys> keys,
        Optional<AwsCredentialsProvider> credentials) {

    /**
     * Returns the options of a plain namespace that is written, with the default history limits and timeout, signed
     * by the AWS default credentials chain.
     */
    public static S3Options of(S3Location location, String namespace, StoreLimits limits, String actor) {
        return new S3Options(location, namespace, limits, HistoryLimits.DEFAULT, actor, S3Store.DEFAULT_TIMEOUT, false,
                Optional.empty(), Optional.empty());
    }

    /** Returns these options signed with {@code given}. */
    public S3Options withCredentials(AwsCredentialsProvider given) {
        return new S3Options(location, namespace, limits, history, actor, timeout, readOnly, keys,
                Optional.of(given));
    }

    /** Returns these options with the store timeout {@code given}. */
    public S3Options withTimeout(Duration given) {
        return new S3Options(location, namespace, limits, history, actor, given, readOnly, keys, credentials);
    }

    /** Returns these options only read, or not, as {@code given} says. */
    public S3Options withReadOnly(boolean given) {
        return new S3Options(location, namespace, limits, history, actor, timeout, given, keys, credentials);
    }

    /** Returns these options with the key-encryption key {@code given}. */
    public S3Options withKeys(Optional<MemoryKeys> given) {
        return new S3Options(location, namespace, limits, history, actor, timeout, readOnly, given, credentials);
    }
}

package dev.memdir.memory.s3;

import dev.memdir.memory.store.CommandException;
import dev.memdir.memory.store.HistoryLimits;
import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.memory.store.StoreWork;
import dev.memdir.memory.store.Usage;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.function.Consumer;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;

/** A memory in an S3-compatible bucket: one namespace's commit log (see docs/stores.md). Skeleton: being built. */
public final class S3Store implements MemoryStore {

    /** How long a call waits for the store, unless told otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

    private S3Store() {}

    /** Opens {@code namespace} in the bucket {@code location} names, with the AWS default credentials chain. */
    public static S3Store open(S3Location location, String namespace, StoreLimits limits, HistoryLimits history,
            String actor, Duration timeout, boolean readOnly) throws IOException {
        return open(location, DefaultCredentialsProvider.builder().build(), namespace, limits, history, actor,
                timeout, readOnly);
    }

    /**
     * Opens {@code namespace} in the bucket {@code location} names with {@code credentials}; unless
     * {@code readOnly}, first checks that the store honours conditional writes. Fails with an IOException whose
     * message is the reason, worded to follow {@code memdir: cannot open MEMORY: }.
     */
    public static S3Store open(S3Location location, AwsCredentialsProvider credentials, String namespace,
            StoreLimits limits, HistoryLimits history, String actor, Duration timeout, boolean readOnly)
            throws IOException {
        throw new IOException("the S3 store is not built yet");
    }

    @Override
    public <T> T change(StoreWork<T> work) throws IOException, CommandException {
        throw new UnsupportedOperationException();
    }

    @Override
    public <T> T read(StoreWork<T> work) throws IOException, CommandException {
        throw new UnsupportedOperationException();
    }

    @Override
    public String location() {
        throw new UnsupportedOperationException();
    }

    @Override
    public Usage usage() throws IOException {
        throw new UnsupportedOperationException();
    }

    @Override
    public Closeable watch(Consumer<MemoryChanges> listener) throws IOException {
        throw new UnsupportedOperationException();
    }

    @Override
    public long changesMade() {
        return 0;
    }

    @Override
    public void close() {}
}

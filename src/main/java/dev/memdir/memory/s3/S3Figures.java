package dev.memdir.memory.s3;

import dev.memdir.memory.store.Usage;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;

/** What {@code memdir store check} prints of a bucket: each namespace's figures and a recount. Skeleton. */
public final class S3Figures {

    /**
     * One namespace: its name, its newest commit's number, the counters its head holds and the same recounted
     * from its manifest.
     */
    public record Namespace(String name, long generation, Usage usage, long historyBytes, Usage recount,
            long historyRecount) {}

    private S3Figures() {}

    /** Returns the figures of every namespace under {@code location}, sorted by name. */
    public static List<Namespace> read(S3Location location, AwsCredentialsProvider credentials, Duration timeout)
            throws IOException {
        throw new IOException("not built yet");
    }
}

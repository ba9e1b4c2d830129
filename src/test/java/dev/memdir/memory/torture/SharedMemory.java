package dev.memdir.memory.torture;

import dev.memdir.memory.postgres.LocalPostgres;
import dev.memdir.memory.postgres.PostgresOptions;
import dev.memdir.memory.postgres.PostgresStore;
import dev.memdir.memory.s3.LocalS3;
import dev.memdir.memory.s3.S3Location;
import dev.memdir.memory.s3.S3Options;
import dev.memdir.memory.s3.S3Store;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;

/**
 * One memory that the processes of a torture test write at once, and how each opens it: the test in its own JVM,
 * a {@link TortureWriter} from the {@link #arguments} and the {@link #environment} its test gives it. Secrets go
 * in the environment, never on a command line, where {@code ps} and a failure's message would show them.
 */
public sealed interface SharedMemory {

    /** The limits every process opens the memory with: far above what the torture writes. */
    StoreLimits LIMITS = StoreLimits.perFile(1 << 20);

    /** Opens a store on the memory, acting as {@code actor}. */
    MemoryStore open(String actor) throws IOException;

    /** Returns the arguments a writer process opens the memory from ({@link #from}). */
    List<String> arguments();

    /** Returns the environment variables a writer process needs to open the memory. */
    Map<String, String> environment();

    /** Returns the memory {@link #arguments} named, as a writer process opens it. */
    static SharedMemory from(List<String> arguments) {
        return switch (arguments.get(0)) {
            case "postgres" -> new Postgres(arguments.get(1), arguments.get(2));
            case "s3" -> new S3(new S3Location(arguments.get(2), arguments.get(3),
                    Optional.of(URI.create(arguments.get(1))), Optional.of(arguments.get(4))), arguments.get(5),
                    DefaultCredentialsProvider.builder().build());
            default -> throw new IllegalArgumentException("no store named " + arguments.get(0));
        };
    }

    /** A namespace of a PostgreSQL database; its URL names no password (the tests' server trusts loopback). */
    record Postgres(String jdbcUrl, String namespace) implements SharedMemory {

        @Override
        public MemoryStore open(String actor) throws IOException {
            return PostgresStore.open(LocalPostgres.connectionTo(jdbcUrl),
                    PostgresOptions.of(namespace, LIMITS, actor));
        }

        @Override
        public List<String> arguments() {
            return List.of("postgres", jdbcUrl, namespace);
        }

        @Override
        public Map<String, String> environment() {
            return Map.of();
        }
    }

    /**
     * A namespace in a bucket of {@link LocalS3}, opened with {@code credentials}; a writer process takes them from
     * the AWS chain's environment variables, as a memdir on another machine would from its own chain.
     */
    record S3(S3Location location, String namespace, AwsCredentialsProvider credentials) implements SharedMemory {

        /**
         * How long a call may wait for its turn: racing writers lose many rounds on a loaded machine, and a busy
         * answer would be a line lost to the race, not to the store.
         */
        static final Duration TIMEOUT = Duration.ofMinutes(2);

        /** A namespace in {@code location}, opened with the tests' server's credentials. */
        public static S3 onLocalS3(S3Location location, String namespace) {
            return new S3(location, namespace, LocalS3.credentials());
        }

        @Override
        public MemoryStore open(String actor) throws IOException {
            return S3Store.open(S3Options.of(location, namespace, LIMITS, actor).withCredentials(credentials)
                    .withTimeout(TIMEOUT));
        }

        @Override
        public List<String> arguments() {
            return List.of("s3", location.endpoint().orElseThrow().toString(), location.bucket(), location.prefix(),
                    location.region().orElseThrow(), namespace);
        }

        @Override
        public Map<String, String> environment() {
            AwsCredentials resolved = credentials.resolveCredentials();
            return Map.of("AWS_ACCESS_KEY_ID", resolved.accessKeyId(),
                    "AWS_SECRET_ACCESS_KEY", resolved.secretAccessKey());
        }
    }
}

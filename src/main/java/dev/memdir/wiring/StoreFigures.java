package dev.memdir.wiring;

import dev.memdir.config.NamespaceMemory;
import dev.memdir.config.PostgresMemory;
import dev.memdir.config.S3Memory;
import dev.memdir.config.Settings;
import dev.memdir.memory.postgres.DatabaseFigures;
import dev.memdir.memory.s3.S3Figures;
import dev.memdir.memory.s3.S3Location;
import dev.memdir.memory.store.MemoryKeys;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;

/** Reads what a database or a bucket holds as a whole: its namespaces and their figures ({@code store check}). */
public final class StoreFigures {

    private StoreFigures() {}

    /**
     * Returns the figures of every namespace in the bucket {@code memory} names ({@code memdir store check}), an
     * encrypted one's read with {@code keys}.
     */
    public static List<S3Figures.Namespace> figures(S3Memory memory, Duration timeout, Optional<MemoryKeys> keys)
            throws IOException {
        return Credentials.figures(StoreAddresses.location(memory), timeout, keys);
    }

    /** Returns the name of every namespace in the database or the bucket {@code memory} names. */
    public static List<String> namespaces(NamespaceMemory memory, Settings settings) throws IOException {
        if (memory instanceof S3Memory bucket) {
            return figures(bucket, settings.storeTimeout(), KeyChoice.keys(settings)).stream()
                    .map(S3Figures.Namespace::name).toList();
        }
        return DatabaseFigures.read(StoreAddresses.connection((PostgresMemory) memory, settings.storeTimeout()))
                .namespaces().stream().map(DatabaseFigures.Namespace::name).toList();
    }

    /**
     * The calls that hand the SDK a credentials provider. A class of their own: verifying such a call loads the
     * SDK's interfaces, which a method of the outer class would do whenever it loads.
     */
    private static final class Credentials {

        static List<S3Figures.Namespace> figures(S3Location location, Duration timeout, Optional<MemoryKeys> keys)
                throws IOException {
            try (DefaultCredentialsProvider chain = DefaultCredentialsProvider.builder().build()) {
                return S3Figures.read(location, chain, timeout, keys);
            }
        }
    }
}

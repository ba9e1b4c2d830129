package dev.memdir.wiring;

import dev.memdir.config.NamespaceMemory;
import dev.memdir.config.PostgresMemory;
import dev.memdir.config.S3Memory;
import dev.memdir.config.Settings;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.postgres.PostgresOptions;
import dev.memdir.memory.postgres.PostgresStore;
import dev.memdir.memory.s3.S3Options;
import dev.memdir.memory.s3.S3Store;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.SealRefusedException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Opens the memory store the settings choose: the directory under the root, or with {@code --store} a namespace of
 * a PostgreSQL database or of an S3 bucket. The only class that opens the PostgreSQL and the S3 store, so that
 * nothing of either (the store, its driver or SDK, its pool) loads unless {@code --store} names it.
 */
public final class StoreChoice {

    private StoreChoice() {}

    /** Opens the store; {@code actor} names who changes the memory through it, in its history. */
    public static MemoryStore open(Settings settings, String actor) throws IOException {
        return open(settings, actor, settings.readOnly());
    }

    /**
     * Opens what the stores of many namespaces of the memory the settings choose share: one
     * {@link SharedDatabase} on PostgreSQL; nothing on the directory store, nor in a bucket, where each namespace
     * is a store of its own.
     */
    public static NamespaceStores openShared(Settings settings) throws IOException {
        if (settings.store().isPresent() && settings.store().get() instanceof PostgresMemory memory) {
            return SharedDatabase.open(memory, settings);
        }
        return new NamespaceStores() {
            @Override
            public MemoryStore open(Settings own, String actor) throws IOException {
                return StoreChoice.open(own, actor);
            }

            @Override
            public void close() {
                // nothing is shared
            }
        };
    }

    /**
     * Opens the store to read it only, whatever the settings' read-only mode: in a bucket, without the start-up check
     * of conditional writes, which writes scratch objects (so that a reader needs no right to write, and changes
     * nothing).
     */
    public static MemoryStore openToRead(Settings settings, String actor) throws IOException {
        return open(settings, actor, true);
    }

    private static MemoryStore open(Settings settings, String actor, boolean readOnly) throws IOException {
        Optional<MemoryKeys> keys = KeyChoice.keys(settings);
        if (settings.store().isEmpty()) {
            return openDirectory(settings.root(), settings, actor, keys);
        }
        return open(settings.store().get(), settings, actor, readOnly, keys);
    }

    /**
     * Opens the directory store at {@code root} with the settings' limits, encrypted under {@code keys} when given; a
     * memory that does not open with them (or without) is refused in one line.
     */
    public static MemoryStore openDirectory(Path root, Settings settings, String actor, Optional<MemoryKeys> keys)
            throws IOException {
        try {
            return DirectoryStore.open(new DirectoryOptions(root, settings.limits(), settings.history(), actor, keys));
        } catch (SealRefusedException e) {
            throw new StoreUnavailableException("cannot open the memory root " + root + ": " + e.getMessage(), e);
        }
    }

    /**
     * Opens the namespace of a database or a bucket that {@code memory} names, with the settings' limits and timeout,
     * encrypted under {@code keys} when given; a bucket without the start-up check of conditional writes when
     * {@code readOnly}.
     */
    public static MemoryStore open(NamespaceMemory memory, Settings settings, String actor, boolean readOnly,
            Optional<MemoryKeys> keys) throws IOException {
        try {
            if (memory instanceof S3Memory bucket) {
                return S3Store.open(new S3Options(StoreAddresses.location(bucket), bucket.namespace(),
                        settings.limits(), settings.history(), actor, settings.storeTimeout(), readOnly, keys,
                        Optional.empty()));
            }
            return PostgresStore.open(StoreAddresses.connection((PostgresMemory) memory, settings.storeTimeout()),
                    new PostgresOptions(memory.namespace(), settings.limits(), settings.history(), actor, keys));
        } catch (IOException e) {
            throw new StoreUnavailableException("cannot open " + memory + ": " + e.getMessage(), e);
        }
    }
}

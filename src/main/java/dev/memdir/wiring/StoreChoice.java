package dev.memdir.wiring;

import dev.memdir.auth.DirectoryTokenStore;
import dev.memdir.auth.PostgresTokenStore;
import dev.memdir.auth.TokenStore;
import dev.memdir.config.NamespaceMemory;
import dev.memdir.config.PostgresMemory;
import dev.memdir.config.S3Memory;
import dev.memdir.config.Settings;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.postgres.DatabaseFigures;
import dev.memdir.memory.postgres.PostgresConnection;
import dev.memdir.memory.postgres.PostgresDatabase;
import dev.memdir.memory.postgres.PostgresOptions;
import dev.memdir.memory.postgres.PostgresStore;
import dev.memdir.memory.s3.S3Figures;
import dev.memdir.memory.s3.S3Location;
import dev.memdir.memory.s3.S3Options;
import dev.memdir.memory.s3.S3Store;
import dev.memdir.memory.seal.KeyFiles;
import dev.memdir.memory.seal.TinkKeys;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.SealRefusedException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;

/**
 * Opens the memory store the settings choose: the directory under the root, or with {@code --store} a namespace of
 * a PostgreSQL database or of an S3 bucket. The only class that names the PostgreSQL and the S3 store, so that
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
     * {@link PostgresDatabase} on PostgreSQL; nothing on the directory store, nor in a bucket, where each namespace
     * is a store of its own.
     */
    public static NamespaceStores openShared(Settings settings) throws IOException {
        if (settings.store().isPresent() && settings.store().get() instanceof PostgresMemory memory) {
            return openShared(memory, settings);
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

    private static NamespaceStores openShared(PostgresMemory memory, Settings settings) throws IOException {
        PostgresDatabase database;
        Optional<MemoryKeys> keys = keys(settings);
        try {
            database = PostgresDatabase.open(connection(memory, settings.storeTimeout()));
        } catch (IOException e) {
            throw new StoreUnavailableException("cannot open " + memory + ": " + e.getMessage(), e);
        }
        return new NamespaceStores() {
            @Override
            public MemoryStore open(Settings own, String actor) throws IOException {
                NamespaceMemory namespace = own.store().orElseThrow();
                try {
                    return database.open(new PostgresOptions(namespace.namespace(), own.limits(), own.history(),
                            actor, keys));
                } catch (IOException e) {
                    throw new StoreUnavailableException("cannot open " + namespace + ": " + e.getMessage(), e);
                }
            }

            @Override
            public void close() {
                database.close();
            }
        };
    }

    /**
     * Opens the bearer tokens kept with the memory the settings choose: the table {@code memdir.tokens} of its
     * database, else (on the directory store, and with a bucket) the reserved file {@code .memdir-tokens} of the
     * root.
     */
    public static TokenStore openTokens(Settings settings) throws IOException {
        if (settings.store().isPresent() && settings.store().get() instanceof PostgresMemory memory) {
            try {
                return PostgresTokenStore.open(connection(memory, settings.storeTimeout()), memory.url().toString());
            } catch (IOException e) {
                throw new StoreUnavailableException("cannot open the tokens of " + memory.url() + ": "
                        + e.getMessage(), e);
            }
        }
        return DirectoryTokenStore.at(settings.root());
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
        Optional<MemoryKeys> keys = keys(settings);
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

    /** As {@link #open(NamespaceMemory, Settings, String, boolean, Optional)} with the settings' key. */
    public static MemoryStore open(NamespaceMemory memory, Settings settings, String actor, boolean readOnly)
            throws IOException {
        return open(memory, settings, actor, readOnly, keys(settings));
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
                return S3Store.open(new S3Options(location(bucket), bucket.namespace(), settings.limits(),
                        settings.history(), actor, settings.storeTimeout(), readOnly, keys, Optional.empty()));
            }
            return PostgresStore.open(connection((PostgresMemory) memory, settings.storeTimeout()),
                    new PostgresOptions(memory.namespace(), settings.limits(), settings.history(), actor, keys));
        } catch (IOException e) {
            throw new StoreUnavailableException("cannot open " + memory + ": " + e.getMessage(), e);
        }
    }

    /**
     * Returns the figures of every namespace in the bucket {@code memory} names ({@code memdir store check}), an
     * encrypted one's read with {@code keys}.
     */
    public static List<S3Figures.Namespace> figures(S3Memory memory, Duration timeout, Optional<MemoryKeys> keys)
            throws IOException {
        return Credentials.figures(location(memory), timeout, keys);
    }

    /** Returns how to reach the database {@code memory} names: its JDBC URL, the driver's properties and login. */
    public static PostgresConnection connection(PostgresMemory memory, Duration storeTimeout) {
        Properties properties = memory.url().properties();
        properties.setProperty("user", memory.login().user());
        memory.login().password().ifPresent(password -> properties.setProperty("password", password));
        return new PostgresConnection(memory.url().jdbcUrl(), properties, storeTimeout);
    }

    /** Returns where the memory {@code memory} names lives, as the S3 store takes it. */
    private static S3Location location(S3Memory memory) {
        return new S3Location(memory.url().bucket(), memory.url().prefix(), memory.endpoint(), memory.region());
    }

    /** Returns the name of every namespace in the database or the bucket {@code memory} names. */
    public static List<String> namespaces(NamespaceMemory memory, Settings settings) throws IOException {
        if (memory instanceof S3Memory bucket) {
            return figures(bucket, settings.storeTimeout(), keys(settings)).stream().map(S3Figures.Namespace::name)
                    .toList();
        }
        return DatabaseFigures.read(connection((PostgresMemory) memory, settings.storeTimeout())).namespaces().stream()
                .map(DatabaseFigures.Namespace::name).toList();
    }

    /** Writes a new key file at {@code file}, readable by its owner alone; an existing file is never replaced. */
    public static void createKeyFile(Path file) throws IOException {
        Keys.create(file);
    }

    /** Adds a new primary key to the key file {@code file}; returns how many keys it holds now. */
    public static int rotateKeyFile(Path file) throws IOException {
        return Keys.rotate(file);
    }

    /** Returns the key the settings give (--key-file), loading Tink only then. */
    public static Optional<MemoryKeys> keys(Settings settings) throws IOException {
        return keys(settings.keyFile());
    }

    /** Returns the key in the key file {@code file}, if one is given; a file that holds none is refused in one line. */
    public static Optional<MemoryKeys> keys(Optional<Path> file) throws IOException {
        if (file.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Keys.load(file.get()));
        } catch (IOException e) {
            throw new StoreUnavailableException(e.getMessage(), e);
        }
    }

    /** The calls that name Tink: a class of their own, so nothing of Tink loads without a key. */
    private static final class Keys {
        static MemoryKeys load(Path file) throws IOException {
            return TinkKeys.load(file);
        }

        static void create(Path file) throws IOException {
            KeyFiles.create(file);
        }

        static int rotate(Path file) throws IOException {
            return KeyFiles.rotate(file);
        }
    }

    /**
     * The calls that hand the SDK a credentials provider. A class of their own: verifying such a call loads the
     * SDK's interfaces, which a method of StoreChoice would do on every start.
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

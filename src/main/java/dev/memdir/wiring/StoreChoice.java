package dev.memdir.wiring;

import dev.memdir.auth.DirectoryTokenStore;
import dev.memdir.auth.PostgresTokenStore;
import dev.memdir.auth.TokenStore;
import dev.memdir.config.PostgresMemory;
import dev.memdir.config.Settings;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.postgres.PostgresConnection;
import dev.memdir.memory.postgres.PostgresDatabase;
import dev.memdir.memory.postgres.PostgresStore;
import dev.memdir.memory.store.MemoryStore;
import java.io.IOException;
import java.time.Duration;
import java.util.Properties;

/**
 * Opens the memory store the settings choose: the directory under the root, or with {@code --store} a namespace of
 * a PostgreSQL database. The only class that names the PostgreSQL store, so that nothing of PostgreSQL (the store,
 * its driver, its pool) loads unless {@code --store} is given.
 */
public final class StoreChoice {

    private StoreChoice() {}

    /** Opens the store; {@code actor} names who changes the memory through it, in its history. */
    public static MemoryStore open(Settings settings, String actor) throws IOException {
        if (settings.database().isEmpty()) {
            return DirectoryStore.open(settings.root(), settings.limits(), settings.history(), actor);
        }
        return open(settings.database().get(), settings, actor);
    }

    /**
     * Opens what the stores of many namespaces of the memory the settings choose share: nothing on the directory
     * store, one {@link PostgresDatabase} on PostgreSQL.
     */
    public static NamespaceStores openShared(Settings settings) throws IOException {
        if (settings.database().isEmpty()) {
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
        PostgresMemory memory = settings.database().get();
        PostgresDatabase database;
        try {
            database = PostgresDatabase.open(connection(memory, settings.storeTimeout()));
        } catch (IOException e) {
            throw new StoreUnavailableException("cannot open " + memory + ": " + e.getMessage(), e);
        }
        return new NamespaceStores() {
            @Override
            public MemoryStore open(Settings own, String actor) throws IOException {
                PostgresMemory namespace = own.database().orElseThrow();
                try {
                    return database.open(namespace.namespace(), own.limits(), own.history(), actor);
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
     * database, else the reserved file {@code .memdir-tokens} of the root.
     */
    public static TokenStore openTokens(Settings settings) throws IOException {
        if (settings.database().isEmpty()) {
            return DirectoryTokenStore.at(settings.root());
        }
        PostgresMemory memory = settings.database().get();
        try {
            return PostgresTokenStore.open(connection(memory, settings.storeTimeout()), memory.url().toString());
        } catch (IOException e) {
            throw new StoreUnavailableException("cannot open the tokens of " + memory.url() + ": " + e.getMessage(),
                    e);
        }
    }

    /** Opens the namespace of a PostgreSQL database that {@code memory} names, with the settings' limits. */
    public static MemoryStore open(PostgresMemory memory, Settings settings, String actor) throws IOException {
        try {
            return PostgresStore.open(connection(memory, settings.storeTimeout()), memory.namespace(),
                    settings.limits(), settings.history(), actor);
        } catch (IOException e) {
            throw new StoreUnavailableException("cannot open " + memory + ": " + e.getMessage(), e);
        }
    }

    /** Returns how to reach the database {@code memory} names: its JDBC URL, the driver's properties and login. */
    public static PostgresConnection connection(PostgresMemory memory, Duration storeTimeout) {
        Properties properties = memory.url().properties();
        properties.setProperty("user", memory.login().user());
        memory.login().password().ifPresent(password -> properties.setProperty("password", password));
        return new PostgresConnection(memory.url().jdbcUrl(), properties, storeTimeout);
    }
}

package dev.memdir.wiring;

import dev.memdir.config.NamespaceMemory;
import dev.memdir.config.PostgresMemory;
import dev.memdir.config.Settings;
import dev.memdir.memory.postgres.PostgresDatabase;
import dev.memdir.memory.postgres.PostgresOptions;
import dev.memdir.memory.store.MemoryKeys;
import dev.memdir.memory.store.MemoryStore;
import java.io.IOException;
import java.util.Optional;

/** The stores of many namespaces of one PostgreSQL database, on one {@link PostgresDatabase}. */
final class SharedDatabase implements NamespaceStores {

    private final PostgresDatabase database;
    private final Optional<MemoryKeys> keys;

    private SharedDatabase(PostgresDatabase database, Optional<MemoryKeys> keys) {
        this.database = database;
        this.keys = keys;
    }

    /** Opens the database {@code memory} names, with the settings' timeout and key. */
    static SharedDatabase open(PostgresMemory memory, Settings settings) throws IOException {
        Optional<MemoryKeys> keys = KeyChoice.keys(settings);
        try {
            return new SharedDatabase(PostgresDatabase.open(StoreAddresses.connection(memory,
                    settings.storeTimeout())), keys);
        } catch (IOException e) {
            throw new StoreUnavailableException("cannot open " + memory + ": " + e.getMessage(), e);
        }
    }

    @Override
    public MemoryStore open(Settings own, String actor) throws IOException {
        NamespaceMemory namespace = own.store().orElseThrow();
        try {
            return database.open(new PostgresOptions(namespace.namespace(), own.limits(), own.history(), actor, keys));
        } catch (IOException e) {
            throw new StoreUnavailableException("cannot open " + namespace + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        database.close();
    }
}

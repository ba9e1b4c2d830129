package dev.memdir.wiring;

import dev.memdir.auth.DirectoryTokenStore;
import dev.memdir.auth.PostgresTokenStore;
import dev.memdir.auth.TokenStore;
import dev.memdir.config.PostgresMemory;
import dev.memdir.config.Settings;
import java.io.IOException;

/** Opens the bearer tokens kept with the memory the settings choose. */
public final class TokenChoice {

    private TokenChoice() {}

    /**
     * Opens the table {@code memdir.tokens} of the memory's database, else (on the directory store, and with a bucket)
     * the reserved file {@code .memdir-tokens} of the root.
     */
    public static TokenStore open(Settings settings) throws IOException {
        if (settings.store().isPresent() && settings.store().get() instanceof PostgresMemory memory) {
            try {
                return PostgresTokenStore.open(StoreAddresses.connection(memory, settings.storeTimeout()),
                        memory.url().toString());
            } catch (IOException e) {
                throw new StoreUnavailableException("cannot open the tokens of " + memory.url() + ": "
                        + e.getMessage(), e);
            }
        }
        return DirectoryTokenStore.at(settings.root());
    }
}

package dev.memdir.wiring;

import dev.memdir.config.PostgresMemory;
import dev.memdir.config.S3Memory;
import dev.memdir.memory.postgres.PostgresConnection;
import dev.memdir.memory.s3.S3Location;
import java.time.Duration;
import java.util.Properties;

/** Turns the memory {@code --store} names into the address its store takes. */
public final class StoreAddresses {

    private StoreAddresses() {}

    /** Returns how to reach the database {@code memory} names: its JDBC URL, the driver's properties and login. */
    public static PostgresConnection connection(PostgresMemory memory, Duration storeTimeout) {
        Properties properties = memory.url().properties();
        properties.setProperty("user", memory.login().user());
        memory.login().password().ifPresent(password -> properties.setProperty("password", password));
        return new PostgresConnection(memory.url().jdbcUrl(), properties, storeTimeout);
    }

    /** Returns where the memory {@code memory} names lives, as the S3 store takes it. */
    static S3Location location(S3Memory memory) {
        return new S3Location(memory.url().bucket(), memory.url().prefix(), memory.endpoint(), memory.region());
    }
}

package dev.memdir.memory.postgres;

import java.time.Duration;
import java.util.Properties;

/**
 * How a store reaches its database.
 *
 * @param jdbcUrl the database's JDBC URL
 * @param properties the JDBC driver's connection properties (user, password, TLS, timeouts)
 * @param storeTimeout the longest a call waits for the database (a connection, a lock)
 */
public record PostgresConnection(String jdbcUrl, Properties properties, Duration storeTimeout) {

    public PostgresConnection {
        Properties copy = new Properties();
        copy.putAll(properties);
        properties = copy;
    }

    /** Hides the properties: they may hold the password. */
    @Override
    public String toString() {
        return "PostgresConnection[" + jdbcUrl + ", store timeout " + storeTimeout + "]";
    }
}

package dev.memdir.memory.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;

/**
 * A small pool of connections to the database a {@link PostgresConnection} reaches, whose waits the connection's
 * store timeout bounds: for a connection, for a connection to be made, and (a backstop for a network that
 * swallows packets) for any answer.
 */
public final class ConnectionPool {

    private ConnectionPool() {}

    /** Opens a pool named {@code name} of at most {@code size} connections, {@code idle} of them kept open. */
    public static HikariDataSource open(PostgresConnection connection, String name, int size, int idle)
            throws IOException {
        long timeout = connection.storeTimeout().toMillis();
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(connection.jdbcUrl());
        config.setDataSourceProperties(connection.properties());
        config.setPoolName(name);
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(idle);
        // A call waits no longer than the store timeout for a connection (the pool's floor is 250 ms).
        config.setConnectionTimeout(Math.max(250, timeout));
        config.setValidationTimeout(Math.max(250, timeout / 2));
        long seconds = Math.max(1, (timeout + 999) / 1000);
        config.addDataSourceProperty("connectTimeout", seconds);
        // A backstop for a network that swallows packets: the server ends every wait of ours after the timeout.
        config.addDataSourceProperty("socketTimeout", 3 * seconds);
        try {
            return new HikariDataSource(config);
        } catch (RuntimeException unreachable) {
            throw new IOException("cannot reach the database: " + unreachable.getMessage(), unreachable);
        }
    }
}

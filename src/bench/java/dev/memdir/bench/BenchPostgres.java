package dev.memdir.bench;

import dev.memdir.memory.postgres.LocalPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A PostgreSQL server of the bench's own, started as the tests start theirs, but durable: the tests turn fsync and
 * synchronous commit off for speed, and a comparison with the directory store, which flushes every write, would
 * flatter PostgreSQL without them.
 */
final class BenchPostgres {

    private BenchPostgres() {}

    /** The PostgreSQL URL given to {@code --store}, else that of a new database on a server started here. */
    static String url(BenchOptions options) throws IOException {
        return options.postgresUrl() == null ? start() : options.postgresUrl();
    }

    /** A table's note on which PostgreSQL was measured. */
    static String where(BenchOptions options) {
        return "postgresql = " + (options.postgresUrl() == null ? "a server the bench started on loopback, fsync on"
                : "the --store URL (one namespace bench/UUID per measure is left in it)");
    }

    /** Starts the server and returns the URL of a new, empty database on it, as {@code --store} takes it. */
    static String start() throws IOException {
        Progress.say("starting a PostgreSQL server on loopback (fsync on)");
        LocalPostgres server = LocalPostgres.startPrivate();
        try (Connection connection = server.dataSource().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("ALTER SYSTEM SET fsync = on");
            statement.execute("ALTER SYSTEM SET synchronous_commit = on");
            statement.execute("ALTER SYSTEM SET full_page_writes = on");
            statement.execute("SELECT pg_reload_conf()");
            return server.freshStoreUrl();
        } catch (SQLException e) {
            throw new BenchFailure("cannot set up the PostgreSQL the bench started: " + e.getMessage());
        }
    }
}

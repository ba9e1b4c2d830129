package dev.memdir.memory.postgres;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** How many sessions of a database are inside a transaction right now: what a kill at this moment would cut. */
public final class OpenTransactions {

    private OpenTransactions() {}

    /** Returns how many sessions of the database at {@code jdbcUrl}, other than this query's, are in a transaction. */
    public static int in(String jdbcUrl) throws SQLException {
        try (Connection connection = DriverManager.getConnection(jdbcUrl);
                Statement statement = connection.createStatement();
                ResultSet open = statement.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE datname ="
                        + " current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL")) {
            open.next();
            return open.getInt(1);
        }
    }
}

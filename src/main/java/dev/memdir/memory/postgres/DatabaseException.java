package dev.memdir.memory.postgres;

import java.io.IOException;
import java.sql.SQLException;

/** The database failed a statement (unreachable, a lost connection, a broken constraint). */
final class DatabaseException extends IOException {

    DatabaseException(SQLException cause) {
        super(cause.getMessage(), cause);
    }

    SQLException failure() {
        return (SQLException) getCause();
    }
}

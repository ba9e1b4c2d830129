package dev.memdir.memory.postgres;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** One statement with positional parameters on one connection; a failure is a {@link DatabaseException}. */
final class Sql {

    /** Reads one row of a result. */
    @FunctionalInterface
    interface Row<T> {
        T read(ResultSet row) throws SQLException;
    }

    private Sql() {}

    static <T> List<T> list(Connection connection, String sql, Row<T> row, Object... parameters) throws IOException {
        try (PreparedStatement statement = prepare(connection, sql, parameters);
                ResultSet rows = statement.executeQuery()) {
            List<T> read = new ArrayList<>();
            while (rows.next()) {
                read.add(row.read(rows));
            }
            return read;
        } catch (SQLException e) {
            throw new DatabaseException(e);
        }
    }

    static <T> Optional<T> first(Connection connection, String sql, Row<T> row, Object... parameters)
            throws IOException {
        List<T> rows = list(connection, sql, row, parameters);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }

    static int update(Connection connection, String sql, Object... parameters) throws IOException {
        try (PreparedStatement statement = prepare(connection, sql, parameters)) {
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new DatabaseException(e);
        }
    }

    private static PreparedStatement prepare(Connection connection, String sql, Object... parameters)
            throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            return statement;
        } catch (SQLException e) {
            statement.close();
            throw e;
        }
    }
}

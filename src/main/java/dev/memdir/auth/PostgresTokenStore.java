package dev.memdir.auth;

import com.zaxxer.hikari.HikariDataSource;
import dev.memdir.memory.postgres.ConnectionPool;
import dev.memdir.memory.postgres.PostgresConnection;
import dev.memdir.memory.postgres.SchemaMigrations;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The PostgreSQL store's tokens: the table {@code memdir.tokens} of the database the memory is in (schema version
 * 3), shared by every memdir on it, so a token made or revoked through one instance holds on all.
 */
public final class PostgresTokenStore implements TokenStore {

    private static final String COLUMNS = "id, sha256, user_name, namespace, read_only, created, expires, revoked";

    private final HikariDataSource database;
    private final String location;

    private PostgresTokenStore(HikariDataSource database, String location) {
        this.database = database;
        this.location = location;
    }

    /**
     * Opens the tokens of the database {@code connection} reaches, through a small pool of its own;
     * {@code database} names the database in messages.
     */
    public static PostgresTokenStore open(PostgresConnection connection, String database) throws IOException {
        HikariDataSource pool = ConnectionPool.open(connection, "memdir-tokens", 2, 0);
        try (Connection migrating = pool.getConnection()) {
            SchemaMigrations.migrate(migrating);
        } catch (SQLException e) {
            pool.close();
            throw failed(e);
        } catch (IOException | RuntimeException e) {
            pool.close();
            throw e;
        }
        return new PostgresTokenStore(pool, "memdir.tokens of " + database);
    }

    @Override
    public void add(StoredToken token) throws IOException {
        try (Connection connection = database.getConnection();
                PreparedStatement insert = connection.prepareStatement("INSERT INTO memdir.tokens (" + COLUMNS
                        + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            connection.setAutoCommit(true);
            insert.setString(1, token.id());
            insert.setString(2, token.sha256());
            insert.setString(3, token.user());
            insert.setString(4, token.namespace());
            insert.setBoolean(5, token.readOnly());
            insert.setTimestamp(6, Timestamp.from(token.created()));
            insert.setTimestamp(7, token.expires().map(Timestamp::from).orElse(null));
            insert.setTimestamp(8, token.revoked().map(Timestamp::from).orElse(null));
            insert.executeUpdate();
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    @Override
    public List<StoredToken> list() throws IOException {
        return query("SELECT " + COLUMNS + " FROM memdir.tokens ORDER BY made");
    }

    @Override
    public Optional<StoredToken> revoke(String id, Instant when) throws IOException {
        return query("UPDATE memdir.tokens SET revoked = coalesce(revoked, ?) WHERE id = ? RETURNING " + COLUMNS,
                Timestamp.from(when), id).stream().findFirst();
    }

    private List<StoredToken> query(String sql, Object... parameters) throws IOException {
        try (Connection connection = database.getConnection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            connection.setAutoCommit(true);
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            List<StoredToken> tokens = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    tokens.add(new StoredToken(rows.getString(1), rows.getString(2), rows.getString(3),
                            rows.getString(4), rows.getBoolean(5), rows.getTimestamp(6).toInstant(),
                            time(rows.getTimestamp(7)), time(rows.getTimestamp(8))));
                }
            }
            return tokens;
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    private static Optional<Instant> time(Timestamp timestamp) {
        return Optional.ofNullable(timestamp).map(Timestamp::toInstant);
    }

    private static IOException failed(SQLException e) {
        return new IOException("the token table cannot be reached: " + e.getMessage(), e);
    }

    @Override
    public String location() {
        return location;
    }

    @Override
    public void close() {
        database.close();
    }
}

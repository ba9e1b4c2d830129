package dev.memdir.memory.postgres;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** What memdir's rows hold, read past every store: for tests that look for a text kept in clear. */
public final class RawRows {

    private RawRows() {}

    /**
     * Returns whether the content of a file or a kept version, a version's SHA-256, or a vector segment, in the
     * database {@code connection} reaches holds {@code text} (its UTF-8 bytes).
     */
    public static boolean hold(Connection connection, String text) throws SQLException {
        byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        try (PreparedStatement query = connection.prepareStatement("SELECT EXISTS (SELECT 1 FROM memdir.history"
                + " WHERE position(?::bytea IN content) > 0 OR position(? IN sha256) > 0) OR EXISTS"
                + " (SELECT 1 FROM memdir.entries WHERE position(?::bytea IN content) > 0) OR EXISTS"
                + " (SELECT 1 FROM memdir.vector_segments WHERE position(?::bytea IN body) > 0)")) {
            query.setBytes(1, needle);
            query.setString(2, text);
            query.setBytes(3, needle);
            query.setBytes(4, needle);
            try (ResultSet found = query.executeQuery()) {
                found.next();
                return found.getBoolean(1);
            }
        }
    }

    /** Copies every vector segment of the namespace {@code from}, as stored, into the namespace {@code to}. */
    public static void copyVectors(Connection connection, String from, String to) throws SQLException {
        try (PreparedStatement copy = connection.prepareStatement("INSERT INTO memdir.vector_segments"
                + " (namespace, id, body) SELECT (SELECT id FROM memdir.namespaces WHERE name = ?), id, body"
                + " FROM memdir.vector_segments WHERE namespace = (SELECT id FROM memdir.namespaces WHERE name = ?)")) {
            copy.setString(1, to);
            copy.setString(2, from);
            copy.executeUpdate();
        }
        if (!connection.getAutoCommit()) {
            connection.commit();
        }
    }
}

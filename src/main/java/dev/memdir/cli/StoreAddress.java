package dev.memdir.cli;

import dev.memdir.config.Settings;
import dev.memdir.memory.DirectoryStore;
import dev.memdir.memory.MemoryStore;
import dev.memdir.memory.postgres.PostgresStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where {@code memdir store} finds a memory: a directory, or a PostgreSQL database given as a JDBC URL or as a
 * libpq URI ({@code postgresql://[user@]host[:port]/dbname[?param=value...]}), which becomes the JDBC URL of the
 * same database.
 */
record StoreAddress(String given, Optional<Path> directory, Optional<String> jdbcUrl) {

    private static final String JDBC = "jdbc:postgresql://";
    private static final String LIBPQ = "postgresql://";

    /** Returns the address {@code text} names; a password inside a URL is refused, as the process list shows it. */
    static StoreAddress parse(String text) {
        if (text.startsWith(JDBC)) {
            return new StoreAddress(text, Optional.empty(), Optional.of(text));
        }
        if (!text.startsWith(LIBPQ)) {
            return new StoreAddress(text, Optional.of(Path.of(text)), Optional.empty());
        }
        String rest = text.substring(LIBPQ.length());
        int slash = rest.indexOf('/');
        String authority = slash < 0 ? rest : rest.substring(0, slash);
        String database = slash < 0 ? "" : rest.substring(slash + 1);
        int at = authority.lastIndexOf('@');
        String user = at < 0 ? "" : authority.substring(0, at);
        if (user.contains(":")) {
            throw new IllegalArgumentException("a password in " + LIBPQ + "... is refused (the process list shows"
                    + " it); put it in PGPASSWORD or ~/.pgpass instead");
        }
        String query = database.contains("?") ? database.substring(database.indexOf('?') + 1) : "";
        String name = database.contains("?") ? database.substring(0, database.indexOf('?')) : database;
        String parameters = user.isEmpty() ? query : query.isEmpty() ? "user=" + user : "user=" + user + "&" + query;
        return new StoreAddress(text, Optional.empty(), Optional.of(JDBC + authority.substring(at + 1) + "/" + name
                + (parameters.isEmpty() ? "" : "?" + parameters)));
    }

    /**
     * Opens the memory here with the settings' limits, as {@code actor}; on PostgreSQL the namespace
     * {@code namespace}, which must be given.
     */
    MemoryStore open(Settings settings, Optional<String> namespace, String actor) throws IOException {
        if (directory.isPresent()) {
            return DirectoryStore.open(directory.get(), settings.limits(), settings.history(), actor);
        }
        return PostgresStore.open(jdbcUrl.orElseThrow(), namespace.orElseThrow(), settings.limits(),
                settings.history(), actor);
    }
}

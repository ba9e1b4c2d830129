package dev.memdir.memory.postgres;

import dev.memdir.memory.MemoryChanges;
import java.io.Closeable;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Listens to one namespace's {@link ChangeNotices} on a connection of its own (a pooled one would be taken from the
 * commands for good) and reports them on a daemon thread. A lost connection is made again, every second until the
 * database answers; then it reports everything, since notices sent meanwhile are gone.
 */
final class NamespaceListener implements Closeable {

    private static final Logger log = LoggerFactory.getLogger(NamespaceListener.class);
    /** How long one wait for notices lasts: also how soon a closed listener lets its connection go. */
    private static final int WAIT_MILLIS = 500;
    private static final long RECONNECT_MILLIS = 1000;
    /**
     * How long a quiet connection goes unchecked: a connection whose peer vanished without closing it (a failover, a
     * dropped NAT entry) only waits, and would never report again.
     */
    private static final long QUIET_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final int CHECK_SECONDS = 5;

    private final DataSource connections;
    private final String channel;
    private final Consumer<MemoryChanges> listener;
    private final Thread thread;
    private volatile boolean closed;
    private Connection connection;
    private long heard = System.nanoTime();

    private NamespaceListener(DataSource connections, String channel, Consumer<MemoryChanges> listener) {
        this.connections = connections;
        this.channel = channel;
        this.listener = listener;
        this.thread = new Thread(this::run, "memdir-listen");
        this.thread.setDaemon(true);
    }

    /** Starts listening: notices committed once this returns are reported. */
    static NamespaceListener start(DataSource connections, long namespace, Consumer<MemoryChanges> listener)
            throws DatabaseException {
        NamespaceListener started = new NamespaceListener(connections, ChangeNotices.channel(namespace), listener);
        try {
            started.connection = started.connect();
        } catch (SQLException e) {
            throw new DatabaseException(e);
        }
        started.thread.start();
        return started;
    }

    private Connection connect() throws SQLException {
        Connection opened = connections.getConnection();
        try (Statement statement = opened.createStatement()) {
            opened.setAutoCommit(true);
            statement.execute("LISTEN " + channel);
            return opened;
        } catch (SQLException e) {
            opened.close();
            throw e;
        }
    }

    private void run() {
        try {
            while (!closed) {
                try {
                    hear();
                } catch (SQLException lost) {
                    if (closed) {
                        return;
                    }
                    log.warn("Lost the connection that hears of changes ({}); connecting again", lost.getMessage());
                    closeQuietly();
                    reconnect();
                    listener.accept(MemoryChanges.EVERYTHING);
                }
            }
        } catch (InterruptedException stopped) {
            // close() was called while the database was away
        } finally {
            closeQuietly();
        }
    }

    /** Waits a moment for notices and reports them; checks a connection that stayed quiet for long. */
    private void hear() throws SQLException {
        PGNotification[] notices = connection.unwrap(PGConnection.class).getNotifications(WAIT_MILLIS);
        if (notices != null && notices.length > 0) {
            heard = System.nanoTime();
            report(notices);
        } else if (System.nanoTime() - heard > QUIET_NANOS) {
            heard = System.nanoTime();
            if (!connection.isValid(CHECK_SECONDS)) {
                throw new SQLException("the database stopped answering");
            }
        }
    }

    private void report(PGNotification[] notices) {
        Set<String> paths = new HashSet<>();
        for (PGNotification notice : notices) {
            MemoryChanges changes = ChangeNotices.changes(notice.getParameter());
            if (changes.everything()) {
                listener.accept(MemoryChanges.EVERYTHING);
                return;
            }
            paths.addAll(changes.paths());
        }
        listener.accept(MemoryChanges.of(paths));
    }

    private void reconnect() throws InterruptedException {
        while (connection == null) {
            Thread.sleep(RECONNECT_MILLIS);
            try {
                connection = connect();
                log.info("Hearing of changes again");
            } catch (SQLException stillAway) {
                log.debug("Cannot listen for changes yet: {}", stillAway.getMessage());
            }
        }
    }

    private void closeQuietly() {
        if (connection == null) {
            return;
        }
        try {
            connection.close();
        } catch (SQLException e) {
            log.debug("Closing the listening connection failed: {}", e.getMessage());
        }
        connection = null;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}

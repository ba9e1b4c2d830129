package dev.memdir.memory.postgres;

import dev.memdir.memory.store.MemoryChanges;
import java.io.Closeable;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection of its own (a pooled one would be taken from the commands for good) that hears the
 * {@link ChangeNotices} of every namespace watched through it and reports each namespace's to that namespace's
 * listeners only, on a daemon thread. It LISTENs on a namespace's channel while a listener watches it and UNLISTENs
 * when the last one stops, so any number of namespaces cost one connection. A lost connection is made again, every
 * second until the database answers, LISTENing on every channel again; then every listener hears everything, since
 * notices sent meanwhile are gone. The connection is made at the first watch and kept until {@link #close}.
 */
final class ListeningConnection implements Closeable {

    private static final Logger log = LoggerFactory.getLogger(ListeningConnection.class);
    /**
     * How long one wait for notices lasts: also the longest a new watch waits to LISTEN (the driver runs one thing
     * on a connection at a time) and how soon a closed listener lets its connection go.
     */
    private static final int WAIT_MILLIS = 200;
    private static final long RECONNECT_MILLIS = 1000;
    /**
     * How long a quiet connection goes unchecked: a connection whose peer vanished without closing it (a failover, a
     * dropped NAT entry) only waits, and would never report again.
     */
    private static final long QUIET_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final int CHECK_SECONDS = 5;

    private final DataSource connections;
    /** Guards {@link #connection} and the thread's start; fair, so a watch is not starved by the waits. */
    private final ReentrantLock lock = new ReentrantLock(true);
    /** The listeners of each channel; guarded by itself. */
    private final Map<String, List<Consumer<MemoryChanges>>> listeners = new HashMap<>();
    private final Thread thread;
    private volatile boolean closed;
    private Connection connection;
    private long heard = System.nanoTime();

    ListeningConnection(DataSource connections) {
        this.connections = connections;
        this.thread = new Thread(this::run, "memdir-listen");
        this.thread.setDaemon(true);
    }

    /**
     * Reports the changes of {@code namespace} to {@code listener} until the returned watch is closed: notices
     * committed once this returns are reported (or, after a lost connection, everything is).
     */
    Closeable watch(long namespace, Consumer<MemoryChanges> listener) throws DatabaseException {
        String channel = ChangeNotices.channel(namespace);
        lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("the listening connection is closed");
            }
            if (!thread.isAlive()) {
                // The first watch connects; from then on the thread alone connects again, LISTENing on every
                // watched channel (this one too) and reporting everything, whatever was lost meanwhile.
                connection = connect(channels());
                thread.start();
            }
            boolean first;
            synchronized (listeners) {
                first = !listeners.containsKey(channel);
                listeners.computeIfAbsent(channel, none -> new ArrayList<>()).add(listener);
            }
            if (first && connection != null) {
                listenOrDrop(channel);
            }
        } catch (SQLException e) {
            throw new DatabaseException(e);
        } finally {
            lock.unlock();
        }
        return () -> unwatch(channel, listener);
    }

    /**
     * LISTENs on {@code channel}; when the connection fails at it, drops the connection, so that the thread makes it
     * again, LISTENing on every channel, and reports everything (the database answered a moment ago).
     */
    private void listenOrDrop(String channel) {
        try {
            execute("LISTEN " + channel);
        } catch (SQLException lost) {
            log.debug("LISTEN {} failed: {}", channel, lost.getMessage());
            closeQuietly();
        }
    }

    private void unwatch(String channel, Consumer<MemoryChanges> listener) {
        lock.lock();
        try {
            boolean last;
            synchronized (listeners) {
                List<Consumer<MemoryChanges>> heard = listeners.get(channel);
                if (heard == null || !heard.remove(listener)) {
                    return;
                }
                last = heard.isEmpty();
                if (last) {
                    listeners.remove(channel);
                }
            }
            if (last && connection != null && !closed) {
                execute("UNLISTEN " + channel);
            }
        } catch (SQLException lost) {
            log.debug("UNLISTEN {} failed: {}", channel, lost.getMessage());
        } finally {
            lock.unlock();
        }
    }

    private void execute(String command) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(command);
        }
    }

    /** Makes a connection that LISTENs on {@code channels}. */
    private Connection connect(Set<String> channels) throws SQLException {
        Connection opened = connections.getConnection();
        try (Statement statement = opened.createStatement()) {
            opened.setAutoCommit(true);
            for (String channel : channels) {
                statement.execute("LISTEN " + channel);
            }
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
                    lock.lock();
                    try {
                        closeQuietly();
                    } finally {
                        lock.unlock();
                    }
                    reconnect();
                    reportEverything();
                }
            }
        } catch (InterruptedException stopped) {
            // close() was called while the database was away
        } finally {
            lock.lock();
            try {
                closeQuietly();
            } finally {
                lock.unlock();
            }
        }
    }

    /** Waits a moment for notices and reports them; checks a connection that stayed quiet for long. */
    private void hear() throws SQLException {
        PGNotification[] notices;
        lock.lock();
        try {
            if (connection == null) {
                throw new SQLException("no connection");
            }
            notices = connection.unwrap(PGConnection.class).getNotifications(WAIT_MILLIS);
            if ((notices == null || notices.length == 0) && System.nanoTime() - heard > QUIET_NANOS) {
                heard = System.nanoTime();
                if (!connection.isValid(CHECK_SECONDS)) {
                    throw new SQLException("the database stopped answering");
                }
            }
        } finally {
            lock.unlock();
        }
        if (notices != null && notices.length > 0) {
            heard = System.nanoTime();
            report(notices);
        }
    }

    /** Reports each channel's notices to that channel's listeners only. */
    private void report(PGNotification[] notices) {
        Map<String, Set<String>> paths = new HashMap<>();
        Set<String> everything = new HashSet<>();
        for (PGNotification notice : notices) {
            MemoryChanges changes = ChangeNotices.changes(notice.getParameter());
            if (changes.everything()) {
                everything.add(notice.getName());
            } else {
                paths.computeIfAbsent(notice.getName(), none -> new HashSet<>()).addAll(changes.paths());
            }
        }
        everything.forEach(channel -> paths.remove(channel));
        everything.forEach(channel -> tell(channel, MemoryChanges.EVERYTHING));
        paths.forEach((channel, changed) -> tell(channel, MemoryChanges.of(changed)));
    }

    private void tell(String channel, MemoryChanges changes) {
        List<Consumer<MemoryChanges>> heard;
        synchronized (listeners) {
            heard = List.copyOf(listeners.getOrDefault(channel, List.of()));
        }
        for (Consumer<MemoryChanges> listener : heard) {
            try {
                listener.accept(changes);
            } catch (RuntimeException e) {
                // The thread hears for every namespace of the process: one failing listener must not end it.
                log.warn("A listener of {} failed: {}", channel, e.toString());
            }
        }
    }

    private void reportEverything() {
        channels().forEach(channel -> tell(channel, MemoryChanges.EVERYTHING));
    }

    private Set<String> channels() {
        synchronized (listeners) {
            return Set.copyOf(listeners.keySet());
        }
    }

    private void reconnect() throws InterruptedException {
        while (true) {
            Thread.sleep(RECONNECT_MILLIS);
            lock.lock();
            try {
                connection = connect(channels());
                log.info("Hearing of changes again");
                return;
            } catch (SQLException stillAway) {
                log.debug("Cannot listen for changes yet: {}", stillAway.getMessage());
            } finally {
                lock.unlock();
            }
        }
    }

    /** Closes the connection; the lock is held. */
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
        lock.lock();
        try {
            closed = true;
            if (!thread.isAlive()) {
                closeQuietly();
            }
        } finally {
            lock.unlock();
        }
        thread.interrupt();
    }
}

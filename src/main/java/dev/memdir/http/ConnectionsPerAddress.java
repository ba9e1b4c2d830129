package dev.memdir.http;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.SocketChannelEndPoint;

/**
 * The connections open from each client address, at most {@link #MOST} each: one past that is closed as it opens,
 * before a byte of it is read. Each open connection costs a file descriptor and buffers whether or not it ever sends a
 * request, so one client cannot hold them all. Addresses that {@code uncounted} names (a trusted proxy, through which
 * every client comes) are not counted.
 */
final class ConnectionsPerAddress implements Connection.Listener {

    /** Many agents on one machine, or a small office behind one NAT address, stay far below it. */
    static final int MOST = 128;

    private final int most;
    private final Predicate<InetAddress> uncounted;
    /** The address each counted connection was counted for: a closed socket no longer tells it. */
    private final Map<Connection, InetAddress> counted = new ConcurrentHashMap<>();
    private final Map<InetAddress, Integer> open = new HashMap<>();

    ConnectionsPerAddress(int most, Predicate<InetAddress> uncounted) {
        this.most = most;
        this.uncounted = uncounted;
    }

    @Override
    public void onOpened(Connection connection) {
        // Only the connection on the socket counts: over TLS, the HTTP connection above it shares its socket.
        if (!(connection.getEndPoint() instanceof SocketChannelEndPoint socket)
                || !(socket.getRemoteSocketAddress() instanceof InetSocketAddress remote)
                || remote.getAddress() == null || uncounted.test(remote.getAddress())) {
            return;
        }
        counted.put(connection, remote.getAddress());
        if (count(remote.getAddress(), 1) > most) {
            socket.close();
        }
    }

    @Override
    public void onClosed(Connection connection) {
        InetAddress address = counted.remove(connection);
        if (address != null) {
            count(address, -1);
        }
    }

    private synchronized int count(InetAddress address, int change) {
        int now = open.merge(address, change, Integer::sum);
        if (now == 0) {
            open.remove(address);
        }
        return now;
    }
}

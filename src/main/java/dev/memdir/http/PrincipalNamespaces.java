package dev.memdir.http;

import dev.memdir.auth.Principal;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One server per authenticated principal, opened at its first request: each on the principal's namespace only,
 * read-only when the principal is, and recording the principal as the actor of what it writes. Two principals of one
 * namespace share its memory through two servers (each names its own writer); no server is ever handed to a
 * principal of another namespace. A server no request or stream used for {@link #IDLE} is closed and opened again
 * at the principal's next request ({@link #SESSIONS_IDLE} while a 2025-11-25 session it began is not ended: closing
 * it would end the session, and its client would have to start again); past {@link #MAX_OPEN} open servers the least
 * recently used unused one is closed (one in use never is, so a principal is never refused for the cap).
 */
final class PrincipalNamespaces implements NamespaceServers {

    /**
     * How long an unused server stays open. A fixed time, not a setting: a closed server costs its next request only
     * a store's opening, and an open one little (on PostgreSQL no connection of its own), so no team needs to tune
     * it; ten minutes outlasts the pauses of an agent at work, so a working principal keeps its server.
     */
    static final Duration IDLE = Duration.ofMinutes(10);
    /**
     * How long an unused server stays open while a 2025-11-25 session it began is not ended: a client may keep a
     * session across a night's pause without a stream open, and one that went away without ending it is given up.
     */
    static final Duration SESSIONS_IDLE = Duration.ofHours(24);
    /** How many servers stay open at most while unused. */
    static final int MAX_OPEN = 256;

    /** Opens the server of one principal. */
    interface Opener {
        NamespaceServer open(Principal principal) throws IOException;
    }

    private static final Logger LOG = LoggerFactory.getLogger(PrincipalNamespaces.class);

    private final OpenedOnDemand<Principal, NamespaceServer> servers;
    private final BooleanSupplier storeAnswers;
    private final Closeable healthStore;
    private volatile boolean closed;

    /** {@code healthStore} is what {@code storeAnswers} reads; it is closed last. */
    PrincipalNamespaces(Opener opener, BooleanSupplier storeAnswers, Closeable healthStore) {
        this(opener, storeAnswers, healthStore, System::nanoTime, IDLE, MAX_OPEN);
    }

    /** As above, with the clock {@code nanos}, the idle time and the cap given. */
    PrincipalNamespaces(Opener opener, BooleanSupplier storeAnswers, Closeable healthStore, LongSupplier nanos,
            Duration idle, int maxOpen) {
        this.servers = new OpenedOnDemand<>(opener::open, nanos, idle, NamespaceServer::holdsSessions, SESSIONS_IDLE,
                maxOpen);
        this.storeAnswers = storeAnswers;
        this.healthStore = healthStore;
    }

    @Override
    public Optional<ServerUse> forPrincipal(Principal principal) {
        if (closed) {
            return Optional.empty();
        }
        try {
            OpenedOnDemand.Lease<NamespaceServer> lease = servers.lease(principal);
            return Optional.of(new ServerUse(lease.value(), lease::close));
        } catch (IOException | IllegalArgumentException e) {
            LOG.warn("Cannot open the memory of {} in namespace {}: {}", principal.name(), principal.namespace(),
                    e.getMessage());
            return Optional.empty();
        }
    }

    @Override
    public void closeIdle() {
        servers.closeIdle();
    }

    /** Returns how many principals' servers are open. */
    int openCount() {
        return servers.openCount();
    }

    @Override
    public boolean storeAnswers() {
        return storeAnswers.getAsBoolean();
    }

    @Override
    public void endStreams() {
        servers.forEachOpen(NamespaceServer::endStreams);
    }

    @Override
    public void close() throws IOException {
        closed = true;
        try (Closeable closedLast = healthStore) {
            servers.close();
        }
    }
}

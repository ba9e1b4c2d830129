package dev.memdir.http;

import dev.memdir.auth.Principal;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One server per authenticated principal, opened at its first request and kept until stop: each on the principal's
 * namespace only, read-only when the principal is, and recording the principal as the actor of what it writes.
 * Two principals of one namespace share its memory through two servers (each names its own writer); no server is
 * ever handed to a principal of another namespace.
 */
final class PrincipalNamespaces implements NamespaceServers {

    /** Opens the server of one principal. */
    interface Opener {
        NamespaceServer open(Principal principal) throws IOException;
    }

    private static final Logger LOG = LoggerFactory.getLogger(PrincipalNamespaces.class);

    private final Opener opener;
    private final BooleanSupplier storeAnswers;
    private final Closeable healthStore;
    private final Map<Principal, NamespaceServer> servers = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /** {@code healthStore} is what {@code storeAnswers} reads; it is closed last. */
    PrincipalNamespaces(Opener opener, BooleanSupplier storeAnswers, Closeable healthStore) {
        this.opener = opener;
        this.storeAnswers = storeAnswers;
        this.healthStore = healthStore;
    }

    @Override
    public Optional<NamespaceServer> forPrincipal(Principal principal) {
        if (closed) {
            return Optional.empty();
        }
        try {
            return Optional.of(servers.computeIfAbsent(principal, this::opened));
        } catch (UncheckedIOException | IllegalArgumentException e) {
            LOG.warn("Cannot open the memory of {} in namespace {}: {}", principal.name(), principal.namespace(),
                    e instanceof UncheckedIOException io ? io.getCause().getMessage() : e.getMessage());
            return Optional.empty();
        }
    }

    private NamespaceServer opened(Principal principal) {
        try {
            return opener.open(principal);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean storeAnswers() {
        return storeAnswers.getAsBoolean();
    }

    @Override
    public void endStreams() {
        servers.values().forEach(NamespaceServer::endStreams);
    }

    @Override
    public void close() throws IOException {
        closed = true;
        List<IOException> failures = new ArrayList<>();
        for (NamespaceServer server : servers.values()) {
            try {
                server.close();
            } catch (IOException e) {
                failures.add(e);
            }
        }
        servers.clear();
        try {
            healthStore.close();
        } catch (IOException e) {
            failures.add(e);
        }
        if (!failures.isEmpty()) {
            IOException first = failures.get(0);
            failures.subList(1, failures.size()).forEach(first::addSuppressed);
            throw first;
        }
    }
}

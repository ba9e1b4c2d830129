package dev.memdir.http;

import dev.memdir.auth.Principal;
import java.io.IOException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The servers of a server started without tokens: the configured memory for the local principal, and, once a first
 * token is made while it runs, one server per principal on its namespace, opened when the first of them comes (so a
 * developer's own server that never gets a token opens nothing more).
 */
final class LocalThenPrincipals implements NamespaceServers {

    /** Opens the servers of the principals. */
    interface PrincipalsOpener {
        NamespaceServers open() throws IOException;
    }

    private static final Logger LOG = LoggerFactory.getLogger(LocalThenPrincipals.class);

    private final Principal local;
    private final NamespaceServers localServer;
    private final PrincipalsOpener opener;
    private NamespaceServers principals;
    private boolean closed;

    LocalThenPrincipals(Principal local, NamespaceServers localServer, PrincipalsOpener opener) {
        this.local = local;
        this.localServer = localServer;
        this.opener = opener;
    }

    @Override
    public Optional<ServerUse> forPrincipal(Principal principal) {
        if (principal.equals(local)) {
            return localServer.forPrincipal(principal);
        }
        Optional<NamespaceServers> opened = principals();
        return opened.isPresent() ? opened.get().forPrincipal(principal) : Optional.empty();
    }

    private synchronized Optional<NamespaceServers> principals() {
        if (closed) {
            return Optional.empty();
        }
        if (principals == null) {
            try {
                principals = opener.open();
            } catch (IOException e) {
                LOG.warn("Cannot open the memory of the principals: {}", e.getMessage());
                return Optional.empty();
            }
        }
        return Optional.of(principals);
    }

    @Override
    public void closeIdle() {
        opened().ifPresent(NamespaceServers::closeIdle);
    }

    @Override
    public boolean storeAnswers() {
        return localServer.storeAnswers();
    }

    @Override
    public void endStreams() {
        localServer.endStreams();
        opened().ifPresent(NamespaceServers::endStreams);
    }

    private synchronized Optional<NamespaceServers> opened() {
        return Optional.ofNullable(principals);
    }

    @Override
    public void close() throws IOException {
        Optional<NamespaceServers> opened;
        synchronized (this) {
            closed = true;
            opened = Optional.ofNullable(principals);
        }
        try (NamespaceServers closedLast = localServer) {
            if (opened.isPresent()) {
                opened.get().close();
            }
        }
    }
}

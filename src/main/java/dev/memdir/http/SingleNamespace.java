package dev.memdir.http;

import dev.memdir.auth.Principal;
import java.io.IOException;
import java.util.Optional;

/**
 * One namespace, the configured store, served to every principal whose namespace it is. Its tools are the server's
 * (all of them, or view only with --read-only), so a read-only principal is served only by a read-only server.
 */
final class SingleNamespace implements NamespaceServers {

    private final String namespace;
    private final boolean readOnly;
    private final NamespaceServer server;

    SingleNamespace(String namespace, boolean readOnly, NamespaceServer server) {
        this.namespace = namespace;
        this.readOnly = readOnly;
        this.server = server;
    }

    @Override
    public Optional<ServerUse> forPrincipal(Principal principal) {
        boolean allowed = principal.namespace().equals(namespace) && (readOnly || !principal.readOnly());
        return allowed ? Optional.of(new ServerUse(server, () -> { })) : Optional.empty();
    }

    /** The one server is the configured memory's, open from start to stop. */
    @Override
    public void closeIdle() {
        // never idle-closed
    }

    @Override
    public boolean storeAnswers() {
        return server.storeAnswers();
    }

    @Override
    public void endStreams() {
        server.endStreams();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}

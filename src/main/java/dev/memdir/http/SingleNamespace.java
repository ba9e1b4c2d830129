package dev.memdir.http;

import java.io.IOException;
import java.util.Optional;

/** One namespace, the configured store, served to every principal whose namespace it is. */
final class SingleNamespace implements NamespaceServers {

    private final String namespace;
    private final NamespaceServer server;

    SingleNamespace(String namespace, NamespaceServer server) {
        this.namespace = namespace;
        this.server = server;
    }

    @Override
    public Optional<NamespaceServer> forNamespace(String wanted) {
        return namespace.equals(wanted) ? Optional.of(server) : Optional.empty();
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

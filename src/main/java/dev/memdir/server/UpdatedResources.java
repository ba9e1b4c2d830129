package dev.memdir.server;

import dev.memdir.server.legacy.LegacyServer;
import dev.memdir.server.modern.ModernServer;
import java.util.function.Consumer;

/**
 * Tells clients of both revisions that a resource changed: the 2026-07-28 {@code subscriptions/listen} streams, and
 * the 2025-11-25 sessions' subscribers once that server is built.
 */
final class UpdatedResources implements Consumer<String> {

    private final ModernServer modern;
    private volatile LegacyServer legacy;

    UpdatedResources(ModernServer modern) {
        this.modern = modern;
    }

    void attach(LegacyServer server) {
        this.legacy = server;
    }

    @Override
    public void accept(String uri) {
        LegacyServer server = legacy;
        if (server != null) {
            server.updated(uri);
        }
        modern.updated(uri);
    }
}

package dev.memdir.server;

import io.modelcontextprotocol.modern.McpSchema.SubscriptionFilter;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells clients of both revisions that a resource changed: the 2025-11-25 session's subscribers and the 2026-07-28
 * {@code subscriptions/listen} streams.
 */
final class UpdatedResources {

    private static final Logger log = LoggerFactory.getLogger(UpdatedResources.class);

    /** The resources memdir reports changes of; a history URI is reported too. */
    private static final Set<String> REPORTED = Set.of(MemoryResources.INDEX_URI, MemoryResources.STATUS_URI,
            InstructionResources.TEXT_URI, InstructionResources.REPORT_URI);

    private final StatelessServer stateless;
    private volatile McpSyncServer legacy;

    UpdatedResources(StatelessServer stateless) {
        this.stateless = stateless;
    }

    void attach(McpSyncServer server) {
        this.legacy = server;
    }

    void updated(String uri) {
        McpSyncServer server = legacy;
        if (server != null) {
            try {
                server.notifyResourcesUpdated(new McpSchema.ResourcesUpdatedNotification(uri));
            } catch (RuntimeException e) {
                log.warn("Could not notify subscribers of {}: {}", uri, e.getMessage());
            }
        }
        stateless.updated(uri);
    }

    /**
     * What of a 2026-07-28 subscription memdir can honour: the resource subscriptions it reports changes of; the
     * lists never change while it runs, so asking for their changes is agreed to and stays quiet.
     */
    static SubscriptionFilter notifiable(SubscriptionFilter honoured) {
        Map<String, Object> kept = new LinkedHashMap<>(honoured.fields());
        List<String> uris = honoured.resourceSubscriptionsOrEmpty().stream().filter(UpdatedResources::reported)
                .toList();
        if (uris.isEmpty()) {
            kept.remove("resourceSubscriptions");
        } else {
            kept.put("resourceSubscriptions", uris);
        }
        return SubscriptionFilter.of(kept);
    }

    private static boolean reported(String uri) {
        return REPORTED.contains(uri) || HistoryResources.isReported(uri);
    }
}

package dev.memdir.server.modern;

import io.modelcontextprotocol.modern.McpSchema.SubscriptionFilter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What of a {@code subscriptions/listen} memdir agrees to: the resource subscriptions it reports changes of. The
 * lists never change while it runs (discover says {@code listChanged: false}), so their changes are not agreed to.
 */
final class HonouredSubscriptions {

    private static final Set<String> LIST_CHANGES =
            Set.of("toolsListChanged", "promptsListChanged", "resourcesListChanged");

    private final Predicate<String> reported;

    /** {@code reported} says which resource URIs memdir reports changes of. */
    HonouredSubscriptions(Predicate<String> reported) {
        this.reported = reported;
    }

    /** Returns what of {@code honoured} (what the SDK would agree to) memdir agrees to. */
    SubscriptionFilter of(SubscriptionFilter honoured) {
        Map<String, Object> kept = new LinkedHashMap<>(honoured.fields());
        kept.keySet().removeAll(LIST_CHANGES);
        List<String> uris = honoured.resourceSubscriptionsOrEmpty().stream().filter(reported).toList();
        if (uris.isEmpty()) {
            kept.remove("resourceSubscriptions");
        } else {
            kept.put("resourceSubscriptions", uris);
        }
        return SubscriptionFilter.of(kept);
    }
}

package dev.memdir.server;

import dev.memdir.server.transport.StatelessServing;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestManager;
import io.modelcontextprotocol.modern.server.McpServer;
import io.modelcontextprotocol.modern.server.feature.McpChangeFeed;
import io.modelcontextprotocol.modern.server.feature.McpSyncCompletionHandler;
import io.modelcontextprotocol.modern.server.feature.PromptsFeature;
import io.modelcontextprotocol.modern.server.feature.ResourcesFeature;
import io.modelcontextprotocol.modern.server.feature.ServerChange;
import io.modelcontextprotocol.modern.server.feature.ToolsFeature;
import io.modelcontextprotocol.server.McpServerFeatures.SyncCompletionSpecification;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * The 2026-07-28 server: the SDK's stateless server over the same features as the 2025-11-25 one. It is built on
 * the first 2026-07-28 request, so a 2025-11-25 start does not pay for it.
 */
final class StatelessServer implements StatelessServing {

    /** The revisions memdir speaks, newest first: 2025-11-25 through initialize, 2026-07-28 per request. */
    static final List<String> VERSIONS = List.of("2026-07-28", "2025-11-25");

    private final Features features;
    private final String name;
    private final String version;
    private final Supplier<String> instructions;
    private final McpJsonMapper json;
    private McpServer server;
    private McpRequestManager requests;
    private volatile McpChangeFeed changes;

    /** {@code instructions} gives the text as it is now: discover answers with it (the index in it changes). */
    StatelessServer(Features features, String name, String version, Supplier<String> instructions,
            McpJsonMapper json) {
        this.features = features;
        this.name = name;
        this.version = version;
        this.instructions = instructions;
        this.json = json;
    }

    @Override
    public synchronized McpRequestManager requests() {
        if (requests == null) {
            McpChangeFeed feed = new McpChangeFeed();
            server = build(feed);
            requests = new DeclaredBehaviour(server, instructions);
            changes = feed;
        }
        return requests;
    }

    @Override
    public synchronized void endSubscriptions() {
        if (server != null) {
            server.closeGracefully();
        }
    }

    /** Tells the listening 2026-07-28 clients that {@code uri} changed (nobody listens before the first request). */
    void updated(String uri) {
        McpChangeFeed feed = changes;
        if (feed != null) {
            feed.broadcast(new ServerChange.ResourceUpdated(uri));
        }
    }

    private McpServer build(McpChangeFeed feed) {
        RevisionBridge bridge = new RevisionBridge(json);
        Map<String, McpSyncCompletionHandler> templateCompletions = new HashMap<>();
        Map<String, McpSyncCompletionHandler> promptCompletions = new HashMap<>();
        for (SyncCompletionSpecification spec : features.completions()) {
            McpSyncCompletionHandler handler = (ctx, request) -> bridge.convert(RevisionBridge.call(() ->
                    spec.completionHandler().apply(null, bridge.convert(request,
                            io.modelcontextprotocol.spec.McpSchema.CompleteRequest.class))),
                    McpSchema.CompleteResult.class);
            if (spec.referenceKey() instanceof io.modelcontextprotocol.spec.McpSchema.ResourceReference resource) {
                templateCompletions.put(resource.uri(), handler);
            } else if (spec.referenceKey() instanceof io.modelcontextprotocol.spec.McpSchema.PromptReference prompt) {
                promptCompletions.put(prompt.name(), handler);
            }
        }
        return McpServer.builder()
                .serverInfo(McpSchema.Implementation.builder(name, version).build())
                .instructions(instructions.get())
                .supportedVersions(VERSIONS)
                .jsonMapper(json)
                .discoverCache(CacheHints.LIST_TTL_MS, McpSchema.CacheScope.PRIVATE)
                .feature(ToolsFeature.ofSync(new StatelessTools(features.tools(), bridge), json,
                        new PrecheckedToolSchemas(), CacheHints.LIST_TTL_MS, CacheHints.LIST_SCOPE))
                .feature(ResourcesFeature.ofSync(new StatelessResources(features, bridge, templateCompletions), json,
                        CacheHints.MEMORY_TTL_MS, CacheHints.READ_SCOPE))
                .feature(PromptsFeature.ofSync(new StatelessPrompts(features.prompts(), bridge, promptCompletions),
                        json, CacheHints.LIST_TTL_MS, CacheHints.LIST_SCOPE))
                .requestStateCodec(new NoRequestState())
                .subscriptions(feed)
                .restrictSubscriptions((ctx, requested, honoured) -> Mono.just(UpdatedResources.notifiable(honoured)))
                .build();
    }
}

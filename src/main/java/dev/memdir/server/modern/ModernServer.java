package dev.memdir.server.modern;

import dev.memdir.server.feature.Features;
import dev.memdir.server.feature.ServerInfo;
import dev.memdir.server.sdk.DeclaredBehaviour;
import dev.memdir.server.sdk.NoRequestState;
import dev.memdir.server.sdk.PrecheckedToolSchemas;
import dev.memdir.server.transport.ModernServing;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestManager;
import io.modelcontextprotocol.modern.server.McpServer;
import io.modelcontextprotocol.modern.server.feature.McpChangeFeed;
import io.modelcontextprotocol.modern.server.feature.PromptsFeature;
import io.modelcontextprotocol.modern.server.feature.ResourcesFeature;
import io.modelcontextprotocol.modern.server.feature.ServerChange;
import io.modelcontextprotocol.modern.server.feature.ToolsFeature;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The 2026-07-28 server: the SDK's server of that revision over memdir's features. It is built on the first
 * 2026-07-28 request, so a 2025-11-25 start does not pay for it.
 */
public final class ModernServer implements ModernServing {

    /** The revisions memdir speaks, newest first: 2025-11-25 through initialize, 2026-07-28 per request. */
    static final List<String> VERSIONS = List.of("2026-07-28", "2025-11-25");

    private final ServerInfo info;
    private final Features features;
    private final McpJsonMapper json;
    private McpServer server;
    private McpRequestManager requests;
    private volatile McpChangeFeed changes;

    /** Discover answers with {@code info}'s instructions as they are now (the index in them changes). */
    public ModernServer(ServerInfo info, Features features, McpJsonMapper json) {
        this.info = info;
        this.features = features;
        this.json = json;
    }

    @Override
    public synchronized McpRequestManager requests() {
        if (requests == null) {
            McpChangeFeed feed = new McpChangeFeed();
            server = build(feed);
            requests = new DeclaredBehaviour(server, info.currentInstructions());
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
    public void updated(String uri) {
        McpChangeFeed feed = changes;
        if (feed != null) {
            feed.broadcast(new ServerChange.ResourceUpdated(uri));
        }
    }

    private McpServer build(McpChangeFeed feed) {
        HonouredSubscriptions honoured = new HonouredSubscriptions(features.reported());
        return McpServer.builder()
                .serverInfo(McpSchema.Implementation.builder(info.name(), info.version()).build())
                .instructions(info.currentInstructions().get())
                .supportedVersions(VERSIONS)
                .jsonMapper(json)
                .discoverCache(CacheHints.LIST_TTL_MS, McpSchema.CacheScope.PRIVATE)
                .feature(ToolsFeature.ofSync(new ModernTools(features.tools()), json, new PrecheckedToolSchemas(),
                        CacheHints.LIST_TTL_MS, CacheHints.LIST_SCOPE))
                .feature(ResourcesFeature.ofSync(new ModernResources(features.resources(), features.templates()),
                        json, CacheHints.MEMORY_TTL_MS, CacheHints.READ_SCOPE))
                .feature(PromptsFeature.ofSync(new ModernPrompts(features.prompts()), json, CacheHints.LIST_TTL_MS,
                        CacheHints.LIST_SCOPE))
                .requestStateCodec(new NoRequestState())
                .subscriptions(feed)
                .restrictSubscriptions((ctx, requested, honouredFilter) -> Mono.just(honoured.of(honouredFilter)))
                .build();
    }
}

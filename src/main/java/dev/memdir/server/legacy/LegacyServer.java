package dev.memdir.server.legacy;

import dev.memdir.server.feature.Features;
import dev.memdir.server.feature.ServerInfo;
import dev.memdir.server.sdk.PrecheckedToolSchemas;
import dev.memdir.server.sdk.ReservedExpansionTemplates;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServer.SyncSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The 2025-11-25 server: the SDK's sync server over memdir's features, on stdio's one session or on Streamable HTTP's
 * many. Handlers run on the thread that hands the request in (the stdio worker, or the HTTP request's own thread).
 */
public final class LegacyServer {

    private static final Logger log = LoggerFactory.getLogger(LegacyServer.class);

    private final McpSyncServer server;

    LegacyServer(McpSyncServer server) {
        this.server = server;
    }

    /** What memdir declares at initialize: the lists never change while it runs, and resources take subscriptions. */
    public static McpSchema.ServerCapabilities capabilities() {
        return McpSchema.ServerCapabilities.builder().tools(false).resources(true, false).prompts(false).completions()
                .build();
    }

    public static McpSchema.Implementation implementation(ServerInfo info) {
        return new McpSchema.Implementation(info.name(), info.version());
    }

    /**
     * Serves stdio's one session, whose initialize gets the instructions as they were at start; {@code rootsChanged}
     * hears the URIs of the client's roots each time they change.
     */
    public static LegacyServer onStdio(McpServerTransportProvider transport, ServerInfo info, Features features,
            McpJsonMapper json, Consumer<List<String>> rootsChanged) {
        // Everything is registered before build(): adding later would send list-changed ahead of initialize.
        return new LegacyServer(specified(McpServer.sync(transport), info, features, json)
                .rootsChangeHandler((exchange, roots) -> rootsChanged.accept(ExchangeClient.uris(roots)))
                .build());
    }

    /** Gives {@code specification} everything the server serves. */
    static <S extends SyncSpecification<S>> SyncSpecification<S> specified(
            SyncSpecification<S> specification, ServerInfo info, Features features, McpJsonMapper json) {
        LegacyFeatures legacy = new LegacyFeatures(features);
        return specification
                .jsonMapper(json)
                .serverInfo(implementation(info))
                .instructions(info.instructions())
                .capabilities(capabilities())
                .validateToolInputs(false)
                .jsonSchemaValidator(new PrecheckedToolSchemas())
                .immediateExecution(true)
                .tools(legacy.tools())
                .resources(legacy.resources())
                .uriTemplateManagerFactory(ReservedExpansionTemplates::new)
                .resourceTemplates(legacy.templates())
                .prompts(legacy.prompts())
                .completions(legacy.completions());
    }

    /** Tells the sessions subscribed to {@code uri} that it changed. */
    public void updated(String uri) {
        try {
            server.notifyResourcesUpdated(new McpSchema.ResourcesUpdatedNotification(uri));
        } catch (RuntimeException e) {
            log.warn("Could not notify subscribers of {}: {}", uri, e.getMessage());
        }
    }

    /** Ends every session gracefully. */
    public void close() {
        server.closeGracefully();
    }
}

package dev.memdir.server.legacy;

import dev.memdir.server.feature.Features;
import dev.memdir.server.feature.ServerInfo;
import dev.memdir.server.sdk.CurrentInstructionsOnInitialize;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;

/**
 * The 2025-11-25 server on the many sessions of a Streamable HTTP transport; apart from {@link LegacyServer}, so that
 * a stdio start loads none of that transport's types.
 */
public final class StreamableSessions {

    private StreamableSessions() {}

    /** Serves {@code transport}'s sessions, each started with the instructions as they are when it initializes. */
    public static LegacyServer serve(McpStreamableServerTransportProvider transport, ServerInfo info,
            Features features, McpJsonMapper json) {
        return new LegacyServer(LegacyServer.specified(McpServer.sync(new CurrentInstructionsOnInitialize(transport,
                info.currentInstructions())), info, features, json).build());
    }
}

package dev.memdir.e2e;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/** The MCP Java SDK client, launching the real jar the way an MCP host does. */
final class SdkClient {

    private SdkClient() {}

    /** Starts the jar (possibly behind a shell) and initializes a session with it. */
    static McpSyncClient start(JarLauncher launcher) {
        return start(launcher, contents -> { });
    }

    /** Like {@link #start(JarLauncher)}, passing the re-read contents of every updated resource to {@code updates}. */
    static McpSyncClient start(JarLauncher launcher, Consumer<List<McpSchema.ResourceContents>> updates) {
        StdioClientTransport transport = new StdioClientTransport(launcher.sdkParameters(), McpJsonDefaults.getMapper());
        transport.setStdErrorHandler(line -> System.err.println("[memdir] " + line));
        return start(transport, updates);
    }

    /** Initializes a session over {@code transport} (stdio, or HTTP), passing updated contents to {@code updates}. */
    static McpSyncClient start(McpClientTransport transport, Consumer<List<McpSchema.ResourceContents>> updates) {
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(30))
                .initializationTimeout(Duration.ofSeconds(30))
                .clientInfo(new McpSchema.Implementation("memdir-e2e", "1"))
                .resourcesUpdateConsumer(updates)
                .build();
        client.initialize();
        return client;
    }

    static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    /** Returns the text of a result made of text content. */
    static String text(McpSchema.CallToolResult result) {
        return result.content().stream()
                .map(content -> ((McpSchema.TextContent) content).text())
                .collect(Collectors.joining("\n"));
    }
}

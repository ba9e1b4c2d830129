package dev.memdir.e2e;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/** The MCP Java SDK client, launching the real jar the way an MCP host does. */
final class SdkClient {

    private SdkClient() {}

    /** Starts {@code command} (the jar, possibly behind a shell) and initializes a session with it. */
    static McpSyncClient start(List<String> command) {
        return start(command, contents -> { });
    }

    /** Like {@link #start(List)}, passing the re-read contents of every updated resource to {@code updates}. */
    static McpSyncClient start(List<String> command, Consumer<List<McpSchema.ResourceContents>> updates) {
        ServerParameters parameters = ServerParameters.builder(command.get(0))
                .args(command.subList(1, command.size()))
                .build();
        StdioClientTransport transport = new StdioClientTransport(parameters, McpJsonDefaults.getMapper());
        transport.setStdErrorHandler(line -> System.err.println("[memdir] " + line));
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

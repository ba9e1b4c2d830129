package dev.memdir.e2e.support;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The MCP Java SDK's 2025-11-25 client over the real jar: launched the way an MCP host does (stdio), or over a
 * transport of the test's (HTTP). {@link #calls} asks it what {@link McpCalls} asks.
 */
public final class LegacySdkClient {

    private LegacySdkClient() {}

    /** Starts the jar (possibly behind a shell) and initializes a session with it. */
    public static McpSyncClient start(JarLauncher launcher) {
        return start(launcher, contents -> { });
    }

    /** Like {@link #start(JarLauncher)}, passing the re-read contents of every updated resource to {@code updates}. */
    public static McpSyncClient start(JarLauncher launcher, Consumer<List<McpSchema.ResourceContents>> updates) {
        StdioClientTransport transport = new StdioClientTransport(launcher.sdkParameters(),
                McpJsonDefaults.getMapper());
        transport.setStdErrorHandler(line -> System.err.println("[memdir] " + line));
        return start(transport, updates);
    }

    /** Initializes a session over {@code transport} (stdio, or HTTP), passing updated contents to {@code updates}. */
    public static McpSyncClient start(McpClientTransport transport,
            Consumer<List<McpSchema.ResourceContents>> updates) {
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(30))
                .initializationTimeout(Duration.ofSeconds(30))
                .clientInfo(new McpSchema.Implementation("memdir-e2e", "1"))
                .resourcesUpdateConsumer(updates)
                .build();
        client.initialize();
        return client;
    }

    /** What a test does in a session with the jar. */
    public interface Work {
        void in(McpSyncClient client) throws Exception;
    }

    /** Starts the jar, does {@code work} in a session with it, and closes the session however the work ends. */
    public static void session(JarLauncher launcher, Work work) throws Exception {
        McpSyncClient client = start(launcher);
        try {
            work.in(client);
        } finally {
            client.closeGracefully();
        }
    }

    public static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    /** Returns the text of a result made of text content. */
    public static String text(McpSchema.CallToolResult result) {
        return result.content().stream()
                .map(content -> ((McpSchema.TextContent) content).text())
                .collect(Collectors.joining("\n"));
    }

    /** Returns whether an update containing {@code expected} arrives in {@code updates} within 20 seconds. */
    public static boolean awaitUpdate(BlockingQueue<String> updates, String expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            String update = updates.poll(1, TimeUnit.SECONDS);
            if (update != null && update.contains(expected)) {
                return true;
            }
        }
        return false;
    }

    /** {@link McpCalls} over a session of this client. */
    public static McpCalls calls(McpSyncClient client) {
        return new Calls(client);
    }

    private record Calls(McpSyncClient client) implements McpCalls {

        @Override
        public String instructions() {
            return client.getServerInstructions();
        }

        @Override
        public ToolAnswer tool(String name, Map<String, Object> arguments) {
            McpSchema.CallToolResult result = call(client, name, arguments);
            return new ToolAnswer(Boolean.TRUE.equals(result.isError()), text(result));
        }

        @Override
        public String read(String uri) {
            McpSchema.ReadResourceResult read = client.readResource(new McpSchema.ReadResourceRequest(uri));
            return ((McpSchema.TextResourceContents) read.contents().get(0)).text();
        }

        @Override
        public String prompt(String name, Map<String, String> arguments) {
            McpSchema.GetPromptResult prompt = client.getPrompt(new McpSchema.GetPromptRequest(name,
                    new HashMap<String, Object>(arguments)));
            return prompt.messages().stream().map(message -> ((McpSchema.TextContent) message.content()).text())
                    .collect(Collectors.joining("\n"));
        }

        @Override
        public List<String> completeResource(String uriTemplate, String argument, String typed) {
            return complete(new McpSchema.ResourceReference(uriTemplate), argument, typed);
        }

        @Override
        public List<String> completePrompt(String prompt, String argument, String typed) {
            return complete(new McpSchema.PromptReference(prompt), argument, typed);
        }

        private List<String> complete(McpSchema.CompleteReference ref, String argument, String typed) {
            return client.completeCompletion(new McpSchema.CompleteRequest(ref,
                    new McpSchema.CompleteRequest.CompleteArgument(argument, typed))).completion().values();
        }

        @Override
        public String tools() {
            return McpCalls.json(client.listTools().tools());
        }

        @Override
        public String resources() {
            return McpCalls.jsonInAnyOrder(client.listResources().resources());
        }

        @Override
        public String templates() {
            return McpCalls.jsonInAnyOrder(client.listResourceTemplates().resourceTemplates());
        }

        @Override
        public String prompts() {
            return McpCalls.jsonInAnyOrder(client.listPrompts().prompts());
        }
    }
}

package dev.memdir.e2e.support;

import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import io.modelcontextprotocol.modern.client.transport.McpClientTransport;
import io.modelcontextprotocol.modern.client.transport.McpHttpRequestCustomizer;
import io.modelcontextprotocol.modern.client.transport.StdioMcpClientTransport;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The MCP Java SDK's 2026-07-28 client ({@code io.modelcontextprotocol.modern}) over the real jar: no initialize,
 * every request carries the revision in its {@code _meta}. What the server sent is kept in {@link #wire()}.
 */
public final class ModernSdkClient implements McpCalls, AutoCloseable {

    private final StdioMcpClientTransport transport;
    private final ReplyRecorder wire;
    private final McpSyncClient client;

    private ModernSdkClient(StdioMcpClientTransport transport) {
        this.transport = transport;
        this.wire = new ReplyRecorder(transport);
        this.client = over(wire);
    }

    /** The SDK's 2026-07-28 client over {@code transport} (stdio, or HTTP), as every test configures it. */
    public static McpSyncClient over(McpClientTransport transport) {
        return McpClient.sync(transport)
                .clientInfo(McpSchema.Implementation.builder("memdir-e2e", "1").build())
                .roundTimeout(Duration.ofSeconds(30))
                .build();
    }

    /** The SDK's 2026-07-28 client over HTTP at {@code mcp}, sending {@code token} as a bearer token. */
    public static McpSyncClient overHttp(URI mcp, String token) {
        return over(HttpClientMcpTransport.builder(mcp.toString())
                .requestCustomizer(McpHttpRequestCustomizer.fromSync((request, headers, context) ->
                        headers.set("Authorization", "Bearer " + token)))
                .build());
    }

    /** Starts the jar; nothing is sent until the first request. */
    public static ModernSdkClient start(JarLauncher launcher) {
        return new ModernSdkClient(StdioMcpClientTransport.builder(launcher.sdkParameters())
                .stderrConsumer(line -> System.err.println("[memdir] " + line))
                .shutdownTimeout(Duration.ofSeconds(20))
                .start());
    }

    public McpSyncClient client() {
        return client;
    }

    public ReplyRecorder wire() {
        return wire;
    }

    public McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
        return client.tool(tool).arguments(arguments).call();
    }

    @Override
    public String instructions() {
        return client.discover().instructions();
    }

    @Override
    public ToolAnswer tool(String name, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = call(name, arguments);
        return new ToolAnswer(Boolean.TRUE.equals(result.isError()), text(result));
    }

    @Override
    public String read(String uri) {
        return text(client.resource(uri).read());
    }

    @Override
    public String prompt(String name, Map<String, String> arguments) {
        return client.prompt(name).arguments(arguments).get().messages().stream()
                .map(message -> ((McpSchema.TextContent) message.content()).text())
                .collect(Collectors.joining("\n"));
    }

    @Override
    public List<String> completeResource(String uriTemplate, String argument, String typed) {
        return complete(new McpSchema.ResourceReference(uriTemplate), argument, typed).values();
    }

    @Override
    public List<String> completePrompt(String prompt, String argument, String typed) {
        return complete(new McpSchema.PromptReference(prompt), argument, typed).values();
    }

    public McpSchema.CompleteResult.Completion complete(McpSchema.CompleteReference ref, String argument,
            String typed) {
        return client.completion(ref, argument, typed).complete().completion();
    }

    @Override
    public String tools() {
        return McpCalls.json(client.tools().list().tools());
    }

    @Override
    public String resources() {
        return McpCalls.jsonInAnyOrder(client.resources().list().resources());
    }

    @Override
    public String templates() {
        return McpCalls.jsonInAnyOrder(client.resourceTemplates().list().resourceTemplates());
    }

    @Override
    public String prompts() {
        return McpCalls.jsonInAnyOrder(client.prompts().list().prompts());
    }

    public static String text(McpSchema.ReadResourceResult read) {
        return ((McpSchema.TextResourceContents) read.contents().get(0)).text();
    }

    /** Returns the text of a result made of text content. */
    public static String text(McpSchema.CallToolResult result) {
        return result.content().stream()
                .map(content -> ((McpSchema.TextContent) content).text())
                .collect(Collectors.joining("\n"));
    }

    /** Closes the server's stdin and waits for it to exit (it drains first). */
    @Override
    public void close() {
        transport.close();
    }
}

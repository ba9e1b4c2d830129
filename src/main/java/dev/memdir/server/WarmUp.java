package dev.memdir.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.json.SharedJson;
import dev.memdir.server.feature.Tool;
import dev.memdir.server.legacy.LegacyDefinitions;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;

/**
 * Work every start needs before it can answer {@code initialize}, begun on two more threads while the main one
 * parses the command line and opens the store: starting logging, and teaching the shared JSON mapper the request
 * {@code initialize} and the answer to {@code tools/list}. Nothing here has an effect anyone can see; a failure only
 * loses the head start.
 */
public final class WarmUp {

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"" + ProtocolVersions.MCP_2025_11_25 + "\",\"capabilities\":{\"roots\":"
            + "{\"listChanged\":true}},\"clientInfo\":{\"name\":\"memdir\",\"version\":\"0\"}}}";

    /** Open while a warm-up thread starts logging: SLF4J hands other threads a stand-in factory meanwhile. */
    private static volatile CountDownLatch loggingStarted = new CountDownLatch(0);

    private WarmUp() {}

    public static void begin() {
        loggingStarted = new CountDownLatch(1);
        // Two threads: the main one mostly waits for both, and neither needs the other.
        start(WarmUp::startLogging, "memdir-warm-up-logging");
        start(WarmUp::teachJson, "memdir-warm-up-json");
    }

    private static void start(Runnable work, String name) {
        Thread thread = new Thread(work, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Returns SLF4J's logger factory once logging has started, waiting for the warm-up thread if it is starting it. */
    public static ILoggerFactory loggerFactory() {
        try {
            loggingStarted.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return LoggerFactory.getILoggerFactory();
    }

    private static void startLogging() {
        try {
            LoggerFactory.getILoggerFactory();
        } finally {
            loggingStarted.countDown();
        }
    }

    private static void teachJson() {
        try {
            ObjectMapper json = SharedJson.mapper();
            McpJsonMapper mcpJson = SharedJson.mcp();
            json.readTree(INITIALIZE);
            // The SDK logs (at debug) as it reads a message: a call while SLF4J is still starting is held and
            // replayed with a warning on stderr, so the SDK's part waits for logging.
            loggerFactory();
            McpSchema.JSONRPCRequest request =
                    (McpSchema.JSONRPCRequest) McpSchema.deserializeJsonRpcMessage(mcpJson, INITIALIZE);
            mcpJson.convertValue(request.params(), McpSchema.InitializeRequest.class);
            // The transport writes the initialize answer itself; tools/list is usually the next request. Its tools
            // come in an ArrayList, as the SDK's answer has them: Jackson learns the very types it will write.
            List<McpSchema.Tool> tools = new ArrayList<>();
            for (Tool.Definition tool : new ToolCatalog(json).split(false)) {
                tools.add(LegacyDefinitions.tool(tool));
            }
            mcpJson.writeValueAsString(new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, request.id(),
                    new McpSchema.ListToolsResult(tools, null), null));
        } catch (IOException | RuntimeException e) {
            LoggerFactory.getLogger(WarmUp.class).debug("start-up warm-up stopped early", e);
        }
    }
}

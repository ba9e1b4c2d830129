package dev.memdir.server.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.server.McpRequestManager;
import io.modelcontextprotocol.modern.server.McpTransportResponse;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * The real transport under the real SDK server, in-process: the whole input is given up front, the server runs
 * until input ends and everything read is answered, then every output line is checked.
 */
class StdioLineTransportProviderTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    private static final String INITIALIZE = request(1, "initialize", Map.of("protocolVersion", "2025-06-18",
            "capabilities", Map.of(), "clientInfo", Map.of("name", "test", "version", "1")));
    private static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

    private static final SyncToolSpecification ECHO = SyncToolSpecification.builder()
            .tool(McpSchema.Tool.builder()
                    .name("echo")
                    .description("Returns its text argument.")
                    .inputSchema(Map.of("type", "object", "properties", Map.of("text", Map.of("type", "string"))))
                    .build())
            .callHandler((exchange, call) -> McpSchema.CallToolResult.builder()
                    .addTextContent(String.valueOf(call.arguments().get("text")))
                    .build())
            .build();

    private static String request(Object id, String method, Object params) {
        try {
            return JSON.writeValueAsString(Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", params));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static String echo(Object id, String text) {
        return request(id, "tools/call", Map.of("name", "echo", "arguments", Map.of("text", text)));
    }

    private static String ping(Object id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + JSON.valueToTree(id) + ",\"method\":\"ping\"}";
    }

    /**
     * Serves {@code lines} (each followed by a newline) to the end and returns every output line parsed, after
     * checking each is one JSON-RPC 2.0 message.
     */
    private static List<JsonNode> serve(String... lines) throws Exception {
        return serve(Optional.empty(), lines);
    }

    /** As {@link #serve(String...)}, with {@code modern} serving the 2026-07-28 requests when given. */
    private static List<JsonNode> serve(Optional<ModernServing> modern, String... lines) throws Exception {
        String input = String.join("\n", lines) + "\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StdioLineTransportProvider provider = new StdioLineTransportProvider(McpJsonDefaults.getMapper(), JSON,
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out, Set.of("echo"), 1024 * 1024,
                Duration.ofSeconds(5));
        modern.ifPresent(provider::serveModern);
        McpSyncServer server = McpServer.sync(provider)
                .serverInfo("t", "1")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .immediateExecution(true)
                .tools(ECHO)
                .build();
        try {
            assertTimeoutPreemptively(DEADLINE, provider::awaitStopped, "the transport did not stop at end of input");
        } finally {
            server.closeGracefully();
        }
        String output = out.toString(StandardCharsets.UTF_8);
        assertThat(output).as("output ends with a newline or is empty").matches("(?s)(.*\n)?");
        List<JsonNode> messages = new ArrayList<>();
        for (String line : output.lines().toList()) {
            JsonNode message = JSON.readTree(line);
            assertJsonRpc(message, line);
            messages.add(message);
        }
        return messages;
    }

    /** A response has jsonrpc 2.0, an id, and exactly one of result and error; a notification a method. */
    private static void assertJsonRpc(JsonNode message, String line) {
        assertThat(message.isObject()).as(line).isTrue();
        assertThat(message.path("jsonrpc").asText()).as(line).isEqualTo("2.0");
        if (message.has("method")) {
            assertThat(message.has("id")).as("server requests are not expected here: " + line).isFalse();
            return;
        }
        assertThat(message.has("id")).as(line).isTrue();
        assertThat(message.has("result") != message.has("error")).as("one of result and error: " + line).isTrue();
        if (message.has("error")) {
            assertThat(message.path("error").path("code").isInt()).as(line).isTrue();
            assertThat(message.path("error").path("message").isTextual()).as(line).isTrue();
        }
    }

    private static List<JsonNode> responses(List<JsonNode> messages) {
        return messages.stream().filter(message -> !message.has("method")).toList();
    }

    /** Ids of the responses in output order, as JSON text ("null" for a null id). */
    private static List<String> ids(List<JsonNode> messages) {
        return responses(messages).stream().map(response -> response.path("id").toString()).toList();
    }

    private static JsonNode byId(List<JsonNode> messages, String id) {
        List<JsonNode> matching = responses(messages).stream()
                .filter(response -> response.path("id").toString().equals(id))
                .toList();
        assertThat(matching).as("responses with id " + id).hasSize(1);
        return matching.get(0);
    }

    private static int errorCode(JsonNode response) {
        assertThat(response.has("error")).as(response.toString()).isTrue();
        return response.path("error").path("code").asInt();
    }

    private static String echoed(JsonNode response) {
        assertThat(response.path("result").path("isError").asBoolean()).as(response.toString()).isFalse();
        return response.path("result").path("content").get(0).path("text").asText();
    }

    @Test
    void aModernServerThatFails_stillAnswersInTurn_withInternalError_andTheSessionGoesOn() throws Exception {
        McpRequestManager failing = new McpRequestManager() {
            @Override
            public Mono<McpTransportResponse> handle(McpTransportContext context, JsonRpc.JSONRPCRequest request) {
                throw new IllegalStateException("the server broke");
            }

            @Override
            public Mono<McpTransportResponse> handleBlocking(McpTransportContext context,
                    JsonRpc.JSONRPCRequest request) {
                throw new IllegalStateException("the server broke");
            }

            @Override
            public Mono<Void> handleNotification(McpTransportContext context,
                    JsonRpc.JSONRPCNotification notification) {
                return Mono.empty();
            }
        };
        ModernServing modern = new ModernServing() {
            @Override
            public McpRequestManager requests() {
                return failing;
            }

            @Override
            public void endSubscriptions() {}
        };

        List<JsonNode> messages = serve(Optional.of(modern), request(7, "tools/list",
                Map.of("_meta", Map.of("io.modelcontextprotocol/protocolVersion", "2026-07-28"))), ping(8));

        assertThat(ids(messages)).containsExactly("7", "8");
        assertThat(errorCode(byId(messages, "7"))).isEqualTo(-32603);
        assertThat(byId(messages, "7").path("error").path("message").asText()).contains("the server broke");
        assertThat(byId(messages, "8").has("result")).isTrue();
    }

    @Test
    void session_everyRequestAnsweredOnceInInputOrder() throws Exception {
        List<JsonNode> messages = serve(INITIALIZE, INITIALIZED, "this is not json", echo(2, "two"),
                echo("three", "3"), ping(4), echo(5, "five"));

        assertThat(ids(messages)).containsExactly("1", "null", "2", "\"three\"", "4", "5");
        assertThat(byId(messages, "1").path("result").path("serverInfo").path("name").asText()).isEqualTo("t");
        assertThat(errorCode(byId(messages, "null"))).isEqualTo(-32700);
        assertThat(echoed(byId(messages, "2"))).isEqualTo("two");
        assertThat(echoed(byId(messages, "\"three\""))).isEqualTo("3");
        assertThat(byId(messages, "4").path("result").isObject()).isTrue();
        assertThat(echoed(byId(messages, "5"))).isEqualTo("five");
    }

    @Test
    void session_badLinesAnsweredAndSessionGoesOn() throws Exception {
        List<JsonNode> messages = serve(INITIALIZE, INITIALIZED,
                "", "   ",
                "{\"jsonrpc\":\"2.0\",\"id\":1,",
                "[1,2]",
                "{\"jsonrpc\":\"1.0\",\"id\":10,\"method\":\"ping\"}",
                request(11, "no/such/method", Map.of()),
                request(12, "tools/call", Map.of()),
                echo(13, "still here"));

        assertThat(ids(messages)).containsExactly("1", "null", "null", "10", "11", "12", "13");
        assertThat(responses(messages).subList(1, 6)).extracting(StdioLineTransportProviderTest::errorCode)
                .containsExactly(-32700, -32600, -32600, -32601, -32602);
        assertThat(echoed(byId(messages, "13"))).isEqualTo("still here");
    }

    @Test
    void manyPipelinedCalls_allAnsweredInOrder() throws Exception {
        List<String> lines = new ArrayList<>(List.of(INITIALIZE, INITIALIZED));
        List<String> expectedIds = new ArrayList<>(List.of("1"));
        for (int i = 0; i < 200; i++) {
            lines.add(echo("c" + i, "n" + i));
            expectedIds.add("\"c" + i + "\"");
        }

        List<JsonNode> messages = serve(lines.toArray(String[]::new));

        assertThat(ids(messages)).isEqualTo(expectedIds);
        assertThat(echoed(byId(messages, "\"c199\""))).isEqualTo("n199");
    }

    @Test
    void beforeInitialize_requestsRefusedButPingAnswered() throws Exception {
        List<JsonNode> messages = serve(request(20, "tools/list", Map.of()), ping(21), echo(22, "early"),
                INITIALIZE, INITIALIZED, echo(23, "late"));

        assertThat(ids(messages)).containsExactly("20", "21", "22", "1", "23");
        assertThat(errorCode(byId(messages, "20"))).isEqualTo(-32600);
        assertThat(byId(messages, "20").path("error").path("message").asText()).contains("not initialized");
        assertThat(byId(messages, "21").path("result").isObject()).isTrue();
        assertThat(byId(messages, "21").path("result").size()).isZero();
        assertThat(errorCode(byId(messages, "22"))).isEqualTo(-32600);
        assertThat(byId(messages, "1").has("result")).isTrue();
        assertThat(echoed(byId(messages, "23"))).isEqualTo("late");
    }

    @Test
    void inputEndsBeforeInitialized_pendingCallsGetInternalError() throws Exception {
        List<JsonNode> messages = serve(INITIALIZE, echo(2, "a"), echo(3, "b"));

        assertThat(ids(messages)).containsExactlyInAnyOrder("1", "2", "3");
        assertThat(byId(messages, "1").path("result").path("protocolVersion").isTextual()).isTrue();
        assertThat(errorCode(byId(messages, "2"))).isEqualTo(-32603);
        assertThat(errorCode(byId(messages, "3"))).isEqualTo(-32603);
    }

    @Test
    void inputEndsBeforeInitialized_answersInInputOrder() throws Exception {
        assertThat(ids(serve(INITIALIZE, echo(2, "a"), echo(3, "b")))).containsExactly("1", "2", "3");
    }

    @Test
    void inputEndsAfterInitializeOnly_initializeAnswered() throws Exception {
        assertThat(ids(serve(INITIALIZE))).containsExactly("1");
    }

    @Test
    void emptyInput_stopsWithoutOutput() throws Exception {
        assertThat(serve()).isEmpty();
    }

    // End of input right after a line the transport answers itself: the spec says every request read is answered
    // before the server stops. Repeated, because whether the answer is lost depends on thread timing.

    @RepeatedTest(10)
    void inputEndsRightAfterMalformedLines_stillAnswered() throws Exception {
        List<JsonNode> messages = serve(INITIALIZE, INITIALIZED, echo(2, "x"), "garbage", "[1]", "{}");

        assertThat(ids(messages)).containsExactly("1", "2", "null", "null", "null");
    }

    @RepeatedTest(10)
    void onlyAMalformedLine_stillAnswered() throws Exception {
        List<JsonNode> messages = serve("garbage");

        assertThat(ids(messages)).containsExactly("null");
    }

    @RepeatedTest(10)
    void inputEndsRightAfterRequestBeforeInitialize_stillAnswered() throws Exception {
        List<JsonNode> messages = serve(request(30, "tools/list", Map.of()), ping(31));

        assertThat(ids(messages)).containsExactly("30", "31");
    }
}

package dev.memdir.server.transport;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** One input line in, one classification out: a message for the session, an error reply, or nothing. */
class InboundDecoderTest {

    private static final int MAX = 1024;

    private final InboundDecoder decoder = new InboundDecoder(new ObjectMapper(), McpJsonDefaults.getMapper(),
            Set.of("echo"));

    private Inbound decode(byte[] line) {
        return decoder.decode(line, MAX);
    }

    private Inbound decode(String line) {
        return decode(line.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Asserts {@code inbound} is an error reply with {@code code} and {@code id} (JSON text, "null" for null), in
     * JSON-RPC 2.0 form, whose message starts as JSON-RPC names the code.
     */
    private static void assertReply(Inbound inbound, int code, String id) {
        assertThat(inbound).isInstanceOf(Inbound.Reply.class);
        var response = ((Inbound.Reply) inbound).response();
        assertThat(response.path("jsonrpc").asText()).isEqualTo("2.0");
        assertThat(response.path("id").toString()).as("id").isEqualTo(id);
        assertThat(response.has("result")).isFalse();
        assertThat(response.path("error").path("code").asInt()).as("code").isEqualTo(code);
        assertThat(response.path("error").path("message").asText()).as("message").startsWith(switch (code) {
            case JsonRpcErrors.PARSE_ERROR -> "Parse error";
            case JsonRpcErrors.INVALID_REQUEST -> "Invalid Request";
            default -> "Invalid params";
        });
    }

    private static String request(Object id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\""
                + (params == null ? "" : ",\"params\":" + params) + "}";
    }

    /** A completion/complete request (id 12) with this ref and argument (JSON text; a null argument is left out). */
    private static String complete(String ref, String argument) {
        return request(12, "completion/complete",
                "{\"ref\":" + ref + (argument == null ? "" : ",\"argument\":" + argument) + "}");
    }

    static Stream<Arguments> replies() {
        return Stream.of(
                // not JSON at all
                Arguments.of("not json", -32700, "null"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":1,", -32700, "null"),
                Arguments.of("{'jsonrpc':'2.0'}", -32700, "null"),
                Arguments.of(request(1, "ping", null) + " trailing", -32700, "null"),
                Arguments.of(request(1, "ping", null) + request(2, "ping", null), -32700, "null"),
                // JSON but not one request object
                Arguments.of("[1,2]", -32600, "null"),
                Arguments.of("[]", -32600, "null"),
                Arguments.of("[" + request(1, "ping", null) + "]", -32600, "null"),
                Arguments.of("42", -32600, "null"),
                Arguments.of("\"text\"", -32600, "null"),
                Arguments.of("true", -32600, "null"),
                Arguments.of("null", -32600, "null"),
                // unusable id: answered with a null id
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}", -32600, "null"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"ping\"}", -32600, "null"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}", -32600, "null"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}", -32600, "null"),
                // MCP ids are strings or integers: a fractional one is unusable too
                Arguments.of(request(1.5, "ping", null), -32600, "null"),
                // not a valid request, id kept
                Arguments.of("{\"jsonrpc\":\"1.0\",\"id\":2,\"method\":\"ping\"}", -32600, "2"),
                Arguments.of("{\"jsonrpc\":2.0,\"id\":2,\"method\":\"ping\"}", -32600, "2"),
                Arguments.of("{\"id\":\"s\",\"method\":\"ping\"}", -32600, "\"s\""),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":7}", -32600, "3"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":null}", -32600, "3"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":3}", -32600, "3"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"result\":{}}", -32600, "null"),
                Arguments.of("{}", -32600, "null"),
                Arguments.of(request(4, "tools/list", "\"x\""), -32600, "4"),
                Arguments.of(request(4, "ping", "5"), -32600, "4"),
                Arguments.of(request(4, "ping", "true"), -32600, "4"),
                // a 2026-07-28 request whose integer id is past a long: the SDK's request type refuses it
                Arguments.of(request("10000000000000000000000001", "tools/list", "{\"_meta\":{"
                        + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}"), -32600,
                        "10000000000000000000000001"),
                Arguments.of(request("-10000000000000000000000001", "server/discover", null), -32600,
                        "-10000000000000000000000001"),
                // params of a known method that do not fit
                Arguments.of(request(5, "tools/call", "{}"), -32602, "5"),
                Arguments.of(request(5, "tools/call", null), -32602, "5"),
                Arguments.of(request(5, "tools/call", "[]"), -32602, "5"),
                Arguments.of(request(6, "tools/call", "{\"name\":[]}"), -32602, "6"),
                Arguments.of(request(6, "tools/call", "{\"name\":5}"), -32602, "6"),
                Arguments.of(request(6, "tools/call", "{\"name\":null}"), -32602, "6"),
                Arguments.of(request(8, "tools/call", "{\"name\":\"echo\",\"arguments\":\"nope\"}"), -32602, "8"),
                Arguments.of(request("\"r\"", "resources/read", "{}"), -32602, "\"r\""),
                Arguments.of(request("\"r\"", "resources/read", "{\"uri\":1}"), -32602, "\"r\""),
                Arguments.of(request(9, "resources/subscribe", "{}"), -32602, "9"),
                Arguments.of(request(9, "prompts/get", "{}"), -32602, "9"),
                Arguments.of(request(10, "initialize", "{}"), -32602, "10"),
                Arguments.of(request(10, "initialize", null), -32602, "10"),
                Arguments.of(request(10, "initialize", "{\"protocolVersion\":5}"), -32602, "10"),
                Arguments.of(request(11, "tools/list", "[]"), -32602, "11"),
                Arguments.of(request(12, "completion/complete", null), -32602, "12"),
                Arguments.of(request(12, "completion/complete", "{}"), -32602, "12"),
                Arguments.of(complete("{\"type\":\"ref/prompt\",\"name\":\"p\"}", null), -32602, "12"),
                Arguments.of(complete("\"p\"", "{}"), -32602, "12"),
                Arguments.of(complete("{\"type\":\"ref/nope\"}", "{\"name\":\"a\",\"value\":\"\"}"), -32602, "12"),
                Arguments.of(complete("{\"type\":\"ref/prompt\"}", "{\"name\":\"a\",\"value\":\"\"}"), -32602, "12"),
                Arguments.of(complete("{\"type\":\"ref/resource\"}", "{\"name\":\"a\",\"value\":\"\"}"), -32602,
                        "12"));
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1} id {2}")
    @MethodSource("replies")
    void invalidLine_answeredWithError(String line, int code, String id) {
        assertReply(decode(line), code, id);
    }

    static Stream<Arguments> messages() {
        return Stream.of(
                Arguments.of(request(1, "ping", null), McpSchema.JSONRPCRequest.class),
                Arguments.of(request("\"abc\"", "tools/list", null), McpSchema.JSONRPCRequest.class),
                Arguments.of(request(1, "tools/list", "null"), McpSchema.JSONRPCRequest.class),
                Arguments.of(request(1, "tools/list", "{\"cursor\":\"c\"}"), McpSchema.JSONRPCRequest.class),
                Arguments.of(request(2, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}}"),
                        McpSchema.JSONRPCRequest.class),
                Arguments.of(request(3, "initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}"), McpSchema.JSONRPCRequest.class),
                Arguments.of(request(3, "resources/read", "{\"uri\":\"memdir://memory/index\"}"),
                        McpSchema.JSONRPCRequest.class),
                // initialize is 2025-11-25's even when its _meta names 2026-07-28
                Arguments.of(request(3, "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"},\"_meta\":{"
                        + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}"), McpSchema.JSONRPCRequest.class),
                Arguments.of(complete("{\"type\":\"ref/prompt\",\"name\":\"p\"}", "{\"name\":\"a\",\"value\":\"x\"}"),
                        McpSchema.JSONRPCRequest.class),
                // an unknown method with a valid shape goes to the session, which answers -32601
                Arguments.of(request(4, "no/such", null), McpSchema.JSONRPCRequest.class),
                Arguments.of(request(4, "no/such", "[1,2]"), McpSchema.JSONRPCRequest.class),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                        McpSchema.JSONRPCNotification.class),
                // a notification is never answered, so its params are not checked here
                Arguments.of("{\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"params\":{}}",
                        McpSchema.JSONRPCNotification.class),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}", McpSchema.JSONRPCResponse.class),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"error\":{\"code\":-1,\"message\":\"no\"}}",
                        McpSchema.JSONRPCResponse.class),
                Arguments.of("  " + request(1, "ping", null) + "\t", McpSchema.JSONRPCRequest.class));
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @MethodSource("messages")
    void validLine_messageOfItsType(String line, Class<?> type) {
        Inbound inbound = decode(line);

        assertThat(inbound).isInstanceOf(Inbound.Message.class);
        assertThat(((Inbound.Message) inbound).message()).isInstanceOf(type);
    }

    @Test
    void request_keepsMethodIdAndParams() {
        Inbound inbound = decode(request("\"q-1\"", "tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}}"));

        var request = (McpSchema.JSONRPCRequest) ((Inbound.Message) inbound).message();
        assertThat(request.jsonrpc()).isEqualTo("2.0");
        assertThat(request.id()).isEqualTo("q-1");
        assertThat(request.method()).isEqualTo("tools/call");
        assertThat(request.params()).asString().contains("echo").contains("hi");
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @ValueSource(strings = {"", " ", "\t", "  \t  ", "\r"})
    void blankLine_skipped(String line) {
        assertThat(decode(line)).isInstanceOf(Inbound.Skip.class);
    }

    @Test
    void tooLong_parseErrorNamingTheCap() {
        Inbound inbound = decode(LineReader.TOO_LONG);

        assertReply(inbound, -32700, "null");
        assertThat(((Inbound.Reply) inbound).response().path("error").path("message").asText())
                .isEqualTo("Parse error: message longer than 1024 bytes");
    }

    @Test
    void emptyLine_notMistakenForTooLong() {
        assertThat(decode(new byte[0])).isInstanceOf(Inbound.Skip.class);
    }

    @Test
    void invalidUtf8_parseError() {
        Inbound inbound = decode(new byte[] {'{', '"', (byte) 0xC3, (byte) 0x28, '"', ':', '1', '}'});

        assertReply(inbound, -32700, "null");
        assertThat(((Inbound.Reply) inbound).response().path("error").path("message").asText())
                .isEqualTo("Parse error: message is not valid UTF-8");
    }

    @Test
    void invalidUtf8InsideValidRequest_parseError() {
        byte[] prefix = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"".getBytes(
                StandardCharsets.UTF_8);
        byte[] line = new byte[prefix.length + 4];
        System.arraycopy(prefix, 0, line, 0, prefix.length);
        line[prefix.length] = (byte) 0xFF;
        line[prefix.length + 1] = '"';
        line[prefix.length + 2] = '}';
        line[prefix.length + 3] = '}';

        assertReply(decode(line), -32700, "null");
    }

    @Test
    void validUtf8_multibyte_accepted() {
        Inbound inbound = decode(request(1, "resources/read", "{\"uri\":\"memdir://échø 😀\"}"));

        assertThat(inbound).isInstanceOf(Inbound.Message.class);
    }

    @Test
    void batch_messageSaysBatchesUnsupported() {
        Inbound inbound = decode("[" + request(1, "ping", null) + "]");

        assertThat(((Inbound.Reply) inbound).response().path("error").path("message").asText())
                .isEqualTo("Invalid Request: batches are not supported");
    }

    @Test
    void missingParams_messageNamesFieldAndMethod() {
        Inbound inbound = decode(request(1, "resources/read", "{}"));

        assertThat(((Inbound.Reply) inbound).response().path("error").path("message").asText())
                .isEqualTo("Invalid params: resources/read requires \"uri\"");
    }

    @Test
    void callOfAToolNotPublished_invalidParamsNamingIt() {
        Inbound inbound = decode(request(7, "tools/call", "{\"name\":\"format_disk\",\"arguments\":{}}"));

        var response = ((Inbound.Reply) inbound).response();
        assertThat(response.path("id").asInt()).isEqualTo(7);
        assertThat(response.path("error").path("code").asInt()).isEqualTo(JsonRpcErrors.INVALID_PARAMS);
        assertThat(response.path("error").path("message").asText()).isEqualTo("Unknown tool: format_disk");
    }

    static Stream<Arguments> initializeCalls() {
        String params = "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}";
        return Stream.of(
                Arguments.of(request("\"init\"", "initialize", params), new InitializeCall("init", "2025-06-18")),
                Arguments.of(request("7", "initialize", params), new InitializeCall(7L, "2025-06-18")),
                Arguments.of(request("7", "ping", params), null),
                Arguments.of(request("7", "initialize", "{\"capabilities\":{}}"), null),
                Arguments.of(request("7", "initialize", "{\"protocolVersion\":\"1\",\"clientInfo\":7}"), null),
                Arguments.of(request("123456789012345678901234567890", "initialize", params), null),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"method\":\"initialize\",\"params\":" + params + "}", null),
                Arguments.of("not json", null));
    }

    @ParameterizedTest
    @MethodSource("initializeCalls")
    void initializeCall_onlyForAnInitializeTheSessionTakes(String line, InitializeCall expected) {
        assertThat(decoder.initializeCall(line.getBytes(StandardCharsets.UTF_8), MAX))
                .isEqualTo(java.util.Optional.ofNullable(expected));
    }
}

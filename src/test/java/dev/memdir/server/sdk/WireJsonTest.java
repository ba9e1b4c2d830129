package dev.memdir.server.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.json.SharedJson;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WireJsonTest {

    private final WireJson json = new WireJson(SharedJson.mcp(), SharedJson.mapper().reader());

    @Test
    void anErrorTheTransportAnswersWith_isTheJsonRpcErrorObject_withoutTheJavaException() throws Exception {
        McpError notFound = McpError.builder(-32603).message("Session not found: 1234").build();

        assertThat(SharedJson.mcp().writeValueAsString(notFound)).as("what the SDK's mapper writes")
                .contains("stackTrace");
        assertThat(json.writeValueAsString(notFound))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32603,"
                        + "\"message\":\"Session not found: 1234\"}}");
        assertThat(new String(json.writeValueAsBytes(notFound), StandardCharsets.UTF_8))
                .isEqualTo(json.writeValueAsString(notFound));
    }

    @Test
    void anErrorWithData_keepsItsData() throws Exception {
        McpError refused = new McpError(new McpSchema.JSONRPCResponse.JSONRPCError(-32600, "bad", Map.of("k", 1)));

        assertThat(json.writeValueAsString(refused))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"bad\","
                        + "\"data\":{\"k\":1}}}");
    }

    @Test
    void everyOtherValue_isWrittenAndReadAsTheSharedMapperDoes() throws Exception {
        McpSchema.JSONRPCResponse answer = new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, 7,
                Map.of("ok", true), null);

        assertThat(json.writeValueAsString(answer)).isEqualTo(SharedJson.mcp().writeValueAsString(answer));
        assertThat(json.readValue("{\"a\":[1,2]}", Map.class)).isEqualTo(Map.of("a", java.util.List.of(1, 2)));
    }

    @Test
    void aLoneSurrogate_isWrittenAsItsEscape_soTheAnswerIsUtf8_andReadsBackAsSent() throws Exception {
        String echoed = "Error: Invalid path /memories/\ud800x\udc00 and a pair \ud83d\ude00 kept";
        McpSchema.JSONRPCResponse answer = new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, 7,
                Map.of("text", echoed), null);

        String written = json.writeValueAsString(answer);

        assertThat(written).contains("/memories/\\ud800x\\udc00 and a pair \ud83d\ude00 kept");
        byte[] bytes = json.writeValueAsBytes(answer);
        assertThat(StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString())
                .isEqualTo(written);
        assertThat(SharedJson.mapper().readTree(written).path("result").path("text").asText()).isEqualTo(echoed);
    }

    @Test
    void loneSurrogatesAtTheEdgesAndBackToBack_eachEscaped() {
        assertThat(WireJson.loneSurrogatesEscaped("\udc00a\ud800")).isEqualTo("\\udc00a\\ud800");
        assertThat(WireJson.loneSurrogatesEscaped("\ud800\ud800\udc00")).isEqualTo("\\ud800\ud800\udc00");
        assertThat(WireJson.loneSurrogatesEscaped("plain")).isSameAs("plain");
    }
}

package dev.memdir.server.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.server.transport.StdioLineTransportProvider;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The transport's own initialize answer is byte for byte the SDK's: the same input is served twice by the real SDK
 * server, once answered by the SDK and once early by the transport, and the outputs must be equal.
 */
class InitializeAnswerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

    static Stream<Arguments> servers() {
        ServerCapabilities memdirLike = ServerCapabilities.builder().tools(false).resources(true, false)
                .prompts(false).build();
        ServerCapabilities everything = ServerCapabilities.builder().completions().logging().tools(true)
                .resources(false, true).prompts(true).build();
        ServerCapabilities nothing = ServerCapabilities.builder().build();
        ServerCapabilities nullFlags = new ServerCapabilities(null, null, null,
                new ServerCapabilities.PromptCapabilities(null), new ServerCapabilities.ResourceCapabilities(null, null),
                new ServerCapabilities.ToolCapabilities(null));
        McpSchema.Implementation plain = new McpSchema.Implementation("memdir", "0.1.0");
        McpSchema.Implementation full = new McpSchema.Implementation("n \"q\"", "T\u00e9", "1", "d\n", null, "https://x");
        String hardText = "IMPORTANT\n\t\"quoted\" \\ back \u0001\u001f \u00e9\u4e2d \ud83d\ude00 </script>";
        return Stream.of(
                Arguments.of(memdirLike, plain, "instructions\nwith an index", "2025-06-18", "1"),
                Arguments.of(memdirLike, plain, hardText, "2024-11-05", "\"a-string-id\""),
                Arguments.of(everything, full, null, "1999-01-01", "9007199254740993"),
                Arguments.of(nothing, plain, "", "2025-11-25", "0"),
                Arguments.of(nullFlags, full, hardText, "not a version", "-7"));
    }

    @ParameterizedTest
    @MethodSource("servers")
    void earlyAnswer_isTheSdksAnswer(ServerCapabilities capabilities, McpSchema.Implementation info,
            String instructions, String requestedVersion, String id) throws Exception {
        String input = "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + JSON.writeValueAsString(requestedVersion) + ",\"capabilities\":{\"roots\":{\"listChanged\":true}},"
                + "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}\n" + INITIALIZED + "\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"ping\"}\n";
        Optional<InitializeAnswer> answer = InitializeAnswer.of(capabilities, info, instructions);
        assertThat(answer).isPresent();

        List<String> bySdk = serve(input, capabilities, info, instructions, Optional.empty());
        List<String> early = serve(input, capabilities, info, instructions, answer);

        assertThat(early).isEqualTo(bySdk).hasSize(2);
        assertThat(early.get(0)).contains("\"result\":{\"protocolVersion\":");
    }

    @ParameterizedTest
    @MethodSource("servers")
    void earlyAnswer_madeOnlyWithoutMapsOrIcons(ServerCapabilities capabilities) {
        McpSchema.Implementation plain = new McpSchema.Implementation("memdir", "1");
        ServerCapabilities experimental = capabilities.mutate().experimental(java.util.Map.of("x", 1)).build();
        McpSchema.Implementation withIcons = new McpSchema.Implementation("memdir", null, "1", null, List.of(), null);

        assertThat(InitializeAnswer.of(experimental, plain, "")).isEmpty();
        assertThat(InitializeAnswer.of(capabilities, withIcons, "")).isEmpty();
    }

    private static List<String> serve(String input, ServerCapabilities capabilities, McpSchema.Implementation info,
            String instructions, Optional<InitializeAnswer> answer) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ObjectMapper mapper = new ObjectMapper();
        StdioLineTransportProvider provider = new StdioLineTransportProvider(new JacksonMcpJsonMapper(mapper), mapper,
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out, Set.of(), 1024 * 1024,
                Duration.ofSeconds(5));
        provider.listen(answer);
        McpServer.SyncSpecification<?> spec = McpServer.sync(provider).serverInfo(info).capabilities(capabilities)
                .immediateExecution(true);
        if (instructions != null) {
            spec.instructions(instructions);
        }
        McpSyncServer server = spec.build();
        try {
            provider.awaitStopped();
        } finally {
            server.closeGracefully();
        }
        return new ArrayList<>(out.toString(StandardCharsets.UTF_8).lines().toList());
    }
}

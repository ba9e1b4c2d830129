package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.LineSession;
import io.modelcontextprotocol.client.McpSyncClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stdio transport of the real jar: bad lines are answered and survived; nothing is left unanswered at EOF. */
class TransportIT {

    @TempDir
    Path temp;

    private LineSession start() throws Exception {
        return LineSession.start(temp.resolve("memory"), temp.resolve("stderr.log"));
    }

    @Test
    void malformedLineIsAnsweredAndTheNextRequestToo() throws Exception {
        try (LineSession session = start()) {
            session.initialize();
            session.send("this is not json");
            JsonNode parseError = session.next();
            assertThat(parseError.path("id").isNull()).isTrue();
            assertThat(parseError.path("error").path("code").asInt()).isEqualTo(-32700);

            session.send(LineSession.toolCall(7, "view", Map.of("path", "/memories")));
            JsonNode answer = session.next();
            assertThat(answer.path("id").asInt()).isEqualTo(7);
            assertThat(answer.path("result").path("isError").asBoolean()).isFalse();
        }
    }

    @Test
    void eachKindOfBadMessageGetsItsJsonRpcErrorAndTheSessionGoesOn() throws Exception {
        try (LineSession session = start()) {
            session.initialize();
            session.send("");
            session.send("   ");
            assertError(session, "{\"jsonrpc\":\"2.0\",\"id\":1,", JsonNodeExpect.nullId(-32700));
            assertError(session, "[1,2]", JsonNodeExpect.nullId(-32600));
            assertError(session, "42", JsonNodeExpect.nullId(-32600));
            assertError(session, "{\"jsonrpc\":\"1.0\",\"id\":2,\"method\":\"ping\"}", JsonNodeExpect.id(2, -32600));
            assertError(session, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":7}", JsonNodeExpect.id(3, -32600));
            assertError(session, "{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}", JsonNodeExpect.nullId(-32600));
            assertError(session, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"no/such\"}", JsonNodeExpect.id(4, -32601));
            assertError(session, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{}}",
                    JsonNodeExpect.id(5, -32602));
            assertError(session, "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":[]}}",
                    JsonNodeExpect.id(6, -32602));
            assertError(session, "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":"
                    + "{\"name\":\"view\",\"arguments\":\"nope\"}}", JsonNodeExpect.id(8, -32602));

            session.sendBytes(new byte[] {'{', '"', (byte) 0xC3, (byte) 0x28, '"', '}', '\n'});
            JsonNode invalidUtf8 = session.next();
            assertThat(invalidUtf8.path("error").path("code").asInt()).isEqualTo(-32700);
            assertThat(invalidUtf8.path("error").path("message").asText()).contains("UTF-8");

            session.send(LineSession.toolCall("after", "view", Map.of("path", "/memories")));
            assertThat(session.next().path("id").asText()).isEqualTo("after");
        }
    }

    @Test
    void requestBeforeInitializeIsRefusedButPingIsAnswered() throws Exception {
        try (LineSession session = start()) {
            session.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
            JsonNode refused = session.next();
            assertThat(refused.path("error").path("code").asInt()).isEqualTo(-32600);
            assertThat(refused.path("error").path("message").asText()).contains("not initialized");

            session.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
            JsonNode pong = session.next();
            assertThat(pong.path("id").asInt()).isEqualTo(2);
            assertThat(pong.path("result").isObject()).isTrue();

            JsonNode init = session.initialize();
            assertThat(init.path("result").path("serverInfo").path("name").asText()).isEqualTo("memdir");
        }
    }

    @Test
    void everyRequestReadBeforeStdinClosesIsAnswered() throws Exception {
        int count = 300;
        Set<String> expected = new HashSet<>();
        try (LineSession session = start()) {
            session.initialize();
            StringBuilder burst = new StringBuilder();
            for (int i = 0; i < count; i++) {
                String id = "req-" + i;
                expected.add(id);
                String line = i % 2 == 0
                        ? LineSession.toolCall(id, "create", Map.of("path", "/memories/f" + i + ".md", "file_text", "n" + i))
                        : LineSession.toolCall(id, "view", Map.of("path", "/memories"));
                burst.append(line).append('\n');
            }
            session.sendBytes(burst.toString().getBytes(StandardCharsets.UTF_8));

            List<JsonNode> responses = session.closeInputAndReadRest();

            Set<String> answered = new HashSet<>();
            for (JsonNode response : responses) {
                assertThat(response.has("result")).as(response.toString()).isTrue();
                assertThat(answered.add(response.path("id").asText())).as("answered twice: " + response).isTrue();
            }
            assertThat(answered).isEqualTo(expected);
            assertThat(session.waitForExit()).isZero();
        }
        for (int i = 0; i < count; i += 2) {
            assertThat(temp.resolve("memory/f" + i + ".md")).hasContent("n" + i);
        }
    }

    @Test
    void pipelinedRequestsRunInTheOrderTheyArrived() throws Exception {
        try (LineSession session = start()) {
            session.initialize();
            session.send(LineSession.toolCall(1, "create", Map.of("path", "/memories/o.md", "file_text", "one")));
            session.send(LineSession.toolCall(2, "str_replace", Map.of("path", "/memories/o.md", "old_str", "one",
                    "new_str", "two")));
            session.send(LineSession.toolCall(3, "view", Map.of("path", "/memories/o.md")));
            List<JsonNode> responses = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                responses.add(session.next());
            }
            assertThat(responses).extracting(r -> r.path("id").asInt()).containsExactly(1, 2, 3);
            assertThat(responses.get(2).path("result").path("content").get(0).path("text").asText())
                    .endsWith("     1\ttwo");
        }
    }

    @Test
    void sdkClientSessionSurvivesAMalformedLineAheadOfIt() throws Exception {
        Path root = temp.resolve("memory");
        Path log = temp.resolve("stdout.log");
        String jar = String.join(" ", JarLauncher.plain("--root", root.toString()).command());
        // A shell puts a malformed line in front of the client's own stream and copies stdout aside. The
        // answer to that line (id null) is kept from the client: the SDK's stdio client stops reading at it.
        List<String> command = List.of("sh", "-c", "{ printf 'garbage\\n'; cat; } | " + jar + " | tee " + log
                + " | grep --line-buffered -v '\"id\":null'");
        McpSyncClient client = LegacySdkClient.start(JarLauncher.of(command));
        try {
            String created = LegacySdkClient.text(LegacySdkClient.call(client, "create",
                    Map.of("path", "/memories/alive.md", "file_text", "yes")));
            assertThat(created).isEqualTo("File created successfully at: /memories/alive.md");
        } finally {
            client.closeGracefully();
        }
        List<String> lines = Files.readAllLines(log);
        assertThat(LineSession.JSON.readTree(lines.get(0)).path("error").path("code").asInt()).isEqualTo(-32700);
        assertThat(lines).anyMatch(line -> line.contains("File created successfully at: /memories/alive.md"));
    }

    private static void assertError(LineSession session, String line, JsonNodeExpect expect) throws Exception {
        session.send(line);
        JsonNode response = session.next();
        assertThat(response.path("jsonrpc").asText()).as(line).isEqualTo("2.0");
        assertThat(response.path("error").path("code").asInt()).as(line).isEqualTo(expect.code());
        assertThat(response.path("error").path("message").asText()).as(line).isNotBlank();
        if (expect.id() == null) {
            assertThat(response.has("id") && response.get("id").isNull()).as(line).isTrue();
        } else {
            assertThat(response.path("id").asInt()).as(line).isEqualTo(expect.id());
        }
    }

    private record JsonNodeExpect(Integer id, int code) {
        static JsonNodeExpect nullId(int code) {
            return new JsonNodeExpect(null, code);
        }

        static JsonNodeExpect id(int id, int code) {
            return new JsonNodeExpect(id, code);
        }
    }
}

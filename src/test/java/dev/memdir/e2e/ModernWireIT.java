package dev.memdir.e2e;

import static dev.memdir.e2e.support.MemdirUris.INDEX;
import static dev.memdir.e2e.support.MemdirUris.STATUS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.LineSession;
import dev.memdir.e2e.support.ModernRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * MCP 2026-07-28 on stdio as raw lines through the real jar, no SDK client: discovery, the per-request {@code _meta},
 * result tags and cache hints, per-request logging, subscriptions, and the two revisions in one process.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ModernWireIT {

    private static final List<String> LEVELS = List.of("debug", "info", "notice", "warning", "error", "critical",
            "alert", "emergency");

    @TempDir
    Path temp;

    @Test
    void serverDiscoverAsTheFirstMessageAdvertisesBothRevisionsAndTheSameInstructions() throws Exception {
        Files.createDirectories(temp.resolve("memory"));
        Files.writeString(temp.resolve("memory/MEMORY.md"), "- [plan](plan.md): the plan\n");
        JsonNode discover;
        try (LineSession session = LineSession.startIn(temp)) {
            session.send(ModernRequest.of("d", "server/discover").line());
            discover = session.response("d");
            assertThat(session.notJson()).isEmpty();
        }
        JsonNode result = discover.path("result");
        assertComplete(discover);
        assertThat(result.path("supportedVersions")).containsExactly(text("2026-07-28"), text("2025-11-25"));
        JsonNode capabilities = result.path("capabilities");
        for (String capability : List.of("tools", "resources", "prompts", "completions", "logging")) {
            assertThat(capabilities.path(capability).isObject()).as(capability + " in " + capabilities).isTrue();
        }
        assertThat(capabilities.path("resources").path("subscribe").asBoolean()).as(capabilities.toString()).isTrue();
        assertThat(capabilities.path("resources").path("listChanged").isBoolean()).as(capabilities.toString())
                .isTrue();
        assertCacheHints(result, null);

        JsonNode initialize;
        try (LineSession legacy = LineSession.startIn(temp)) {
            initialize = legacy.initialize();
        }
        assertThat(result.path("instructions").asText()).contains("the plan")
                .isEqualTo(initialize.path("result").path("instructions").asText());
    }

    @Test
    void aFirstMessageWithoutTheModernMetaGetsTheDocumentedError() throws Exception {
        // server/discover is modern by its name; without _meta the SDK refuses it as invalid params.
        assertFirstRefused("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":{}}", 1,
                -32602, "_meta");
        // _meta without a protocol version is no modern request, and no legacy session was started.
        assertFirstRefused(ModernRequest.of(2, "tools/list").meta(ModernRequest.PROTOCOL_VERSION, null).line(), 2,
                -32600, "not initialized");
        // A version that is no string still makes the request a 2026-07-28 one, which the SDK refuses.
        assertFirstRefused(ModernRequest.of(5, "tools/list").meta(ModernRequest.PROTOCOL_VERSION, 20260728).line(), 5,
                -32602, "protocolVersion");
        try (LineSession session = LineSession.startIn(temp)) {
            session.send(ModernRequest.of(3, "tools/list").meta(ModernRequest.CLIENT_CAPABILITIES, null).line());
            JsonNode noCapabilities = session.response(3);
            assertThat(noCapabilities.path("error").path("code").asInt()).as(noCapabilities.toString())
                    .isEqualTo(-32602);
            assertThat(noCapabilities.path("error").path("message").asText()).contains("clientCapabilities");

            session.send(ModernRequest.of(4, "tools/list").line());
            assertComplete(session.response(4));
        }
    }

    /** The first message of a fresh session, {@code line}, is refused with {@code code} and a message naming it. */
    private void assertFirstRefused(String line, Object id, int code, String inMessage) throws Exception {
        try (LineSession session = LineSession.startIn(temp)) {
            session.send(line);
            JsonNode refused = session.response(id);
            assertThat(refused.path("error").path("code").asInt()).as(refused.toString()).isEqualTo(code);
            assertThat(refused.path("error").path("message").asText()).contains(inMessage);
        }
    }

    @Test
    void anUnsupportedVersionIsRefusedNamingTheSupportedOnes() throws Exception {
        try (LineSession session = LineSession.startIn(temp)) {
            session.send(ModernRequest.of("v", "tools/list").meta(ModernRequest.PROTOCOL_VERSION, "2099-01-01").line());
            JsonNode refused = session.response("v");
            assertThat(refused.path("error").path("code").asInt()).as(refused.toString()).isEqualTo(-32022);
            JsonNode data = refused.path("error").path("data");
            assertThat(data.path("supported")).containsExactly(text("2026-07-28"), text("2025-11-25"));
            assertThat(data.path("requested").asText()).isEqualTo("2099-01-01");

            session.send(ModernRequest.of("after", "tools/list").line());
            assertComplete(session.response("after"));
        }
    }

    @Test
    void toolsComeInTheLegacyOrderWithTheLegacySchemasAndEveryResultIsTagged() throws Exception {
        JsonNode legacyTools;
        try (LineSession legacy = LineSession.startLegacy(temp)) {
            legacy.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
            legacyTools = legacy.response(1).path("result").path("tools");
        }
        try (LineSession session = LineSession.startIn(temp)) {
            session.send(ModernRequest.of(1, "tools/list").line());
            JsonNode modern = session.response(1);
            assertComplete(modern);
            JsonNode tools = modern.path("result").path("tools");
            assertThat(names(tools)).containsExactly("view", "create", "str_replace", "insert", "delete", "rename")
                    .isEqualTo(names(legacyTools));
            for (int i = 0; i < tools.size(); i++) {
                for (String field : List.of("title", "description", "inputSchema")) {
                    assertThat(tools.get(i).path(field)).as(names(tools).get(i) + " " + field)
                            .isEqualTo(legacyTools.get(i).path(field));
                }
            }

            List<String> requests = List.of(
                    ModernRequest.toolCall(2, "create", Map.of("path", "/memories/t.md", "file_text", "one\n")),
                    ModernRequest.toolCall(3, "view", Map.of("path", "/memories/t.md")),
                    ModernRequest.of(4, "resources/list").line(),
                    ModernRequest.of(5, "resources/templates/list").line(),
                    ModernRequest.of(6, "prompts/list").line(),
                    ModernRequest.of(7, "prompts/get").param("name", "memory-protocol").line(),
                    ModernRequest.read(8, INDEX),
                    ModernRequest.of(9, "completion/complete").param("ref", Map.of("type", "ref/resource",
                            "uri", "memdir://memory/history/{+path}")).param("argument", Map.of("name", "path",
                            "value", "t")).line());
            for (int i = 0; i < requests.size(); i++) {
                session.send(requests.get(i));
                JsonNode answer = session.response(i + 2);
                assertComplete(answer);
            }
            session.send(ModernRequest.toolCall(10, "no_such_tool", Map.of()));
            JsonNode unknown = session.response(10);
            assertThat(unknown.path("error").path("code").asInt()).as(unknown.toString()).isEqualTo(-32602);
            assertThat(unknown.path("error").path("message").asText()).isEqualTo("Unknown tool: no_such_tool");
            assertThat(session.notJson()).isEmpty();
        }
    }

    @Test
    void listsArePublicAndLongLivedReadsOfPrivateStateAreShort() throws Exception {
        try (LineSession session = LineSession.startIn(temp)) {
            session.send(ModernRequest.toolCall("c", "create", Map.of("path", "/memories/h.md", "file_text", "a\n")));
            session.response("c");
            session.send(ModernRequest.toolCall("e", "str_replace", Map.of("path", "/memories/h.md", "old_str", "a",
                    "new_str", "b")));
            session.response("e");

            long shortest = Long.MAX_VALUE;
            for (String method : List.of("tools/list", "prompts/list", "resources/templates/list")) {
                session.send(ModernRequest.of(method, method).line());
                JsonNode result = session.response(method).path("result");
                assertCacheHints(result, "public");
                shortest = Math.min(shortest, result.path("ttlMs").asLong());
            }
            session.send(ModernRequest.of("resources/list", "resources/list").line());
            assertCacheHints(session.response("resources/list").path("result"), null);

            long longest = 0;
            for (String uri : List.of(INDEX, STATUS, "memdir://instructions", "memdir://instructions/report",
                    "memdir://memory/history/h.md", "memdir://memory/recall?q=h")) {
                session.send(ModernRequest.read(uri, uri));
                JsonNode answer = session.response(uri);
                assertComplete(answer);
                assertCacheHints(answer.path("result"), "private");
                longest = Math.max(longest, answer.path("result").path("ttlMs").asLong());
            }
            assertThat(longest).as("every private read lives shorter than every public list").isLessThan(shortest);
        }
    }

    @Test
    void anUnknownResourceIsInvalidParamsOnTheNewRevisionAndNotFoundOnTheOld() throws Exception {
        try (LineSession session = LineSession.startIn(temp)) {
            session.send(ModernRequest.read(1, "memdir://no/such"));
            JsonNode modern = session.response(1);
            assertThat(modern.path("error").path("code").asInt()).as(modern.toString()).isEqualTo(-32602);
        }
        try (LineSession legacy = LineSession.startLegacy(temp)) {
            legacy.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":"
                    + "\"memdir://no/such\"}}");
            JsonNode old = legacy.response(1);
            assertThat(old.path("error").path("code").asInt()).as(old.toString()).isEqualTo(-32002);
        }
    }

    @Test
    void logMessagesComeOnlyForARequestThatAsksAndOnlyBeforeItsResult() throws Exception {
        try (LineSession session = LineSession.startIn(temp)) {
            session.send(ModernRequest.toolCall(1, "create", Map.of("path", "/memories/a.md", "file_text", "x\n")));
            session.send(ModernRequest.toolCall(2, "view", Map.of("path", "/memories/nope.md")));
            List<JsonNode> quiet = new ArrayList<>(session.through(1));
            quiet.addAll(session.through(2));
            assertThat(quiet).as("no logLevel, no notifications/message").noneMatch(ModernWireIT::isLogMessage);

            session.send(ModernRequest.of(3, "tools/call").param("name", "create").param("arguments",
                    Map.of("path", "/memories/b.md", "file_text", "y\n")).logLevel("debug").line());
            List<JsonNode> loud = session.through(3);
            assertThat(loud.subList(0, loud.size() - 1)).as("debug: at least one before the result")
                    .anyMatch(ModernWireIT::isLogMessage).allMatch(ModernWireIT::isLogMessage);
            for (JsonNode message : loud.subList(0, loud.size() - 1)) {
                assertThat(LEVELS).as(message.toString()).contains(message.path("params").path("level").asText());
                assertThat(message.path("params").has("data")).as(message.toString()).isTrue();
            }
            assertComplete(loud.get(loud.size() - 1));

            session.send(ModernRequest.toolCall(4, "view", Map.of("path", "/memories/b.md")));
            assertThat(session.through(4)).as("none after the result of the request that asked")
                    .noneMatch(ModernWireIT::isLogMessage);

            // At "error", only messages at error or above; a successful view has none to send.
            session.send(ModernRequest.of(5, "tools/call").param("name", "view").param("arguments",
                    Map.of("path", "/memories/b.md")).logLevel("error").line());
            for (JsonNode message : session.through(5)) {
                if (isLogMessage(message)) {
                    assertThat(LEVELS.indexOf(message.path("params").path("level").asText())).as(message.toString())
                            .isGreaterThanOrEqualTo(LEVELS.indexOf("error"));
                }
            }

            session.send(ModernRequest.of(6, "tools/list").logLevel("verbose").line());
            JsonNode invalid = session.response(6);
            assertThat(invalid.path("error").path("code").asInt()).as(invalid.toString()).isEqualTo(-32602);
            session.send(ModernRequest.of(7, "tools/list").meta(ModernRequest.LOG_LEVEL, 7).line());
            JsonNode number = session.response(7);
            assertThat(number.path("error").path("code").asInt()).as(number.toString()).isEqualTo(-32602);
        }
    }

    @Test
    void aListenIsAcknowledgedThenTaggedUpdatesUntilCancelledAndEndsWithAResultAtEof() throws Exception {
        try (LineSession session = LineSession.startIn(temp)) {
            session.send(ModernRequest.listen("sub-1", INDEX, "memdir://no/such", "https://example.com/x"));
            JsonNode ack = session.next();
            assertThat(ack.path("method").asText()).as(ack.toString()).isEqualTo(
                    "notifications/subscriptions/acknowledged");
            assertThat(ack.path("params").path("_meta").path(ModernRequest.SUBSCRIPTION_ID).asText())
                    .isEqualTo("sub-1");
            assertThat(ack.path("params").path("notifications").path("resourceSubscriptions"))
                    .as("only the URIs memdir can notify about").containsExactly(text(INDEX));

            session.send(ModernRequest.toolCall("w1", "create", Map.of("path", "/memories/MEMORY.md",
                    "file_text", "- first\n")));
            List<JsonNode> first = session.until(m -> isUpdate(m, "sub-1"), "update of the index for sub-1");
            if (first.stream().noneMatch(m -> LineSession.isResponseTo(m, "w1"))) {
                first.addAll(session.through("w1"));
            }
            // Anything else the first write causes for sub-1 comes before the cancel, not after it.
            while (session.poll(Duration.ofSeconds(1)).isPresent()) {
                // drained
            }

            session.send(ModernRequest.cancelled("sub-1"));
            session.send(ModernRequest.toolCall("w2", "str_replace", Map.of("path", "/memories/MEMORY.md",
                    "old_str", "first", "new_str", "second")));
            List<JsonNode> afterCancel = new ArrayList<>(session.through("w2"));
            // A second listen's update for a later write proves the change feed ran past the cancelled one.
            session.send(ModernRequest.listen("sub-2", INDEX));
            afterCancel.addAll(session.until(m -> isTagged(m, "sub-2"), "acknowledgement of sub-2"));
            assertThat(afterCancel.get(afterCancel.size() - 1).path("method").asText())
                    .isEqualTo("notifications/subscriptions/acknowledged");
            session.send(ModernRequest.toolCall("w3", "str_replace", Map.of("path", "/memories/MEMORY.md",
                    "old_str", "second", "new_str", "third")));
            afterCancel.addAll(session.until(m -> isUpdate(m, "sub-2"), "update of the index for sub-2"));

            List<JsonNode> rest = session.closeInputAndReadRest();
            afterCancel.addAll(rest);
            assertThat(afterCancel).as("nothing for the cancelled listen, not even a result")
                    .noneMatch(m -> isTagged(m, "sub-1") || LineSession.isResponseTo(m, "sub-1"));
            List<JsonNode> finals = rest.stream().filter(m -> LineSession.isResponseTo(m, "sub-2")).toList();
            assertThat(finals).as("the open listen's final result, before exit: " + rest).hasSize(1);
            assertThat(finals.get(0).path("result").path("resultType").asText()).isEqualTo("complete");
            assertThat(finals.get(0).path("result").path("_meta").path(ModernRequest.SUBSCRIPTION_ID).asText())
                    .isEqualTo("sub-2");
            assertThat(session.waitForExit()).isZero();
            assertThat(session.notJson()).isEmpty();
        }
    }

    @Test
    void aLegacySessionCanFollowModernRequestsAndEachRequestIsAnsweredInItsOwnRevision() throws Exception {
        try (LineSession session = LineSession.startIn(temp)) {
            session.send(ModernRequest.of("d", "server/discover").line());
            assertComplete(session.response("d"));
            session.send(ModernRequest.of("m1", "tools/list").line());
            assertComplete(session.response("m1"));
            session.send("{\"jsonrpc\":\"2.0\",\"id\":\"early\",\"method\":\"tools/list\"}");
            JsonNode early = session.response("early");
            assertThat(early.path("error").path("code").asInt()).as(early.toString()).isEqualTo(-32600);

            JsonNode init = session.initialize();
            assertThat(init.path("result").path("protocolVersion").asText()).isEqualTo("2025-11-25");
            assertThat(init.path("result").path("serverInfo").path("name").asText()).isEqualTo("memdir");
            assertEachInItsRevision(session);
        }
    }

    @Test
    void anInitializeWhoseMetaNamesTheNewRevisionStartsA20251125SessionAndIsAnsweredOnce() throws Exception {
        try (LineSession session = LineSession.startIn(temp)) {
            session.send(ModernRequest.of("init", "initialize").param("protocolVersion", "2025-11-25")
                    .param("capabilities", Map.of()).param("clientInfo", Map.of("name", "wire-test", "version", "1"))
                    .line());
            session.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            session.send("{\"jsonrpc\":\"2.0\",\"id\":\"l1\",\"method\":\"tools/list\"}");
            List<JsonNode> all = session.through("l1");
            assertThat(all).as("the initialize answer, then the list's").hasSize(2);
            assertThat(all.get(0).path("result").path("protocolVersion").asText()).as(all.get(0).toString())
                    .isEqualTo("2025-11-25");
            assertThat(all.get(1).path("result").path("tools").size()).isEqualTo(6);
        }
    }

    @Test
    void modernRequestsInterleavedIntoALegacySessionAreAnsweredInTheirOwnRevision() throws Exception {
        try (LineSession session = LineSession.startLegacy(temp)) {
            session.send(ModernRequest.of("d", "server/discover").line());
            JsonNode discover = session.response("d");
            assertComplete(discover);
            assertThat(discover.path("result").path("supportedVersions")).contains(text("2025-11-25"));
            assertEachInItsRevision(session);
        }
    }

    @Test
    void twentyPipelinedModernRequestsWrittenAtOnceAreAnsweredInOrder() throws Exception {
        StringBuilder burst = new StringBuilder();
        burst.append(ModernRequest.toolCall(1, "create", Map.of("path", "/memories/o.md", "file_text", "v0")))
                .append('\n');
        String last = "v0";
        for (int id = 2; id < 20; id++) {
            String line = switch (id % 3) {
                case 0 -> ModernRequest.of(id, id % 2 == 0 ? "tools/list" : "prompts/list").line();
                case 1 -> ModernRequest.read(id, STATUS);
                default -> ModernRequest.toolCall(id, "str_replace", Map.of("path", "/memories/o.md",
                        "old_str", last, "new_str", last = "v" + id));
            };
            burst.append(line).append('\n');
        }
        burst.append(ModernRequest.toolCall(20, "view", Map.of("path", "/memories/o.md"))).append('\n');
        try (LineSession session = LineSession.startIn(temp)) {
            session.send(burst.substring(0, burst.length() - 1));
            List<JsonNode> answers = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                answers.add(session.next());
            }
            assertThat(answers).extracting(a -> a.path("id").asInt())
                    .containsExactlyElementsOf(java.util.stream.IntStream.rangeClosed(1, 20).boxed().toList());
            answers.forEach(ModernWireIT::assertComplete);
            for (JsonNode answer : answers) {
                if (answer.path("result").has("isError")) {
                    assertThat(answer.path("result").path("isError").asBoolean()).as(answer.toString()).isFalse();
                }
            }
            assertThat(answers.get(19).path("result").path("content").get(0).path("text").asText())
                    .endsWith("     1\t" + last);
        }
    }

    @Test
    void everyModernRequestReadBeforeStdinClosesIsAnsweredAndAnOpenListenEnds() throws Exception {
        int count = 300;
        StringBuilder burst = new StringBuilder(ModernRequest.listen("open", INDEX, STATUS)).append('\n');
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String id = "req-" + i;
            expected.add(id);
            burst.append(switch (i % 3) {
                case 0 -> ModernRequest.toolCall(id, "create", Map.of("path", "/memories/f" + i + ".md",
                        "file_text", "n" + i));
                case 1 -> ModernRequest.read(id, STATUS);
                default -> ModernRequest.toolCall(id, "view", Map.of("path", "/memories"));
            }).append('\n');
        }
        try (LineSession session = LineSession.startIn(temp)) {
            session.send(burst.substring(0, burst.length() - 1));
            List<JsonNode> all = session.closeInputAndReadRest();

            List<String> answered = all.stream().filter(m -> !m.has("method")).map(m -> m.path("id").asText())
                    .toList();
            assertThat(answered.stream().filter(id -> !id.equals("open"))).as("each once, in order")
                    .containsExactlyElementsOf(expected);
            assertThat(answered).as("the listen's final result").containsOnlyOnce("open");
            all.stream().filter(m -> !m.has("method")).forEach(ModernWireIT::assertComplete);
            assertThat(all.stream().filter(m -> isTagged(m, "open")).findFirst().orElseThrow().path("method")
                    .asText()).isEqualTo("notifications/subscriptions/acknowledged");
            assertThat(session.waitForExit()).isZero();
            assertThat(session.notJson()).isEmpty();
        }
        for (int i = 0; i < count; i += 3) {
            assertThat(temp.resolve("memory/f" + i + ".md")).hasContent("n" + i);
        }
    }

    // ------------------------------------------------------------------ helpers

    /** Legacy and modern requests one after another in an initialized session: each gets its own revision's answer. */
    private static void assertEachInItsRevision(LineSession session) throws Exception {
        session.send("{\"jsonrpc\":\"2.0\",\"id\":\"l1\",\"method\":\"tools/list\"}");
        JsonNode legacyList = session.response("l1");
        assertThat(legacyList.path("result").path("tools").size()).isEqualTo(6);
        assertThat(legacyList.path("result").has("resultType")).as(legacyList.toString()).isFalse();

        session.send(ModernRequest.of("m2", "tools/list").line());
        JsonNode modernList = session.response("m2");
        assertComplete(modernList);
        assertThat(names(modernList.path("result").path("tools")))
                .isEqualTo(names(legacyList.path("result").path("tools")));

        session.send(LineSession.toolCall("l2", "create", Map.of("path", "/memories/era.md", "file_text", "old")));
        JsonNode legacyCall = session.response("l2");
        assertThat(legacyCall.path("result").path("isError").asBoolean()).as(legacyCall.toString()).isFalse();
        assertThat(legacyCall.path("result").has("resultType")).isFalse();
        session.send(ModernRequest.toolCall("m3", "view", Map.of("path", "/memories/era.md")));
        JsonNode modernView = session.response("m3");
        assertComplete(modernView);
        assertThat(modernView.path("result").path("content").get(0).path("text").asText()).endsWith("     1\told");

        session.send("{\"jsonrpc\":\"2.0\",\"id\":\"l3\",\"method\":\"resources/read\",\"params\":{\"uri\":"
                + "\"memdir://no/such\"}}");
        assertThat(session.response("l3").path("error").path("code").asInt()).isEqualTo(-32002);
        session.send(ModernRequest.read("m4", "memdir://no/such"));
        assertThat(session.response("m4").path("error").path("code").asInt()).isEqualTo(-32602);
        assertThat(session.notJson()).isEmpty();
    }

    /** Every 2026-07-28 result: {@code resultType: "complete"} and memdir's serverInfo in {@code _meta}. */
    static void assertComplete(JsonNode response) {
        JsonNode result = response.path("result");
        assertThat(result.isObject()).as("a result: " + response).isTrue();
        assertThat(result.path("resultType").asText()).as(response.toString()).isEqualTo("complete");
        JsonNode serverInfo = result.path("_meta").path(ModernRequest.SERVER_INFO);
        assertThat(serverInfo.path("name").asText()).as(response.toString()).isEqualTo("memdir");
        assertThat(serverInfo.path("version").asText()).as(response.toString())
                .isEqualTo(System.getProperty("memdir.version"));
    }

    /** {@code ttlMs} a whole number of milliseconds, at least 0; {@code cacheScope} the one given, or either. */
    private static void assertCacheHints(JsonNode result, String scope) {
        assertThat(result.path("ttlMs").isIntegralNumber()).as(result.toString()).isTrue();
        assertThat(result.path("ttlMs").asLong()).as(result.toString()).isGreaterThanOrEqualTo(0);
        if (scope == null) {
            assertThat(result.path("cacheScope").asText()).as(result.toString()).isIn("public", "private");
        } else {
            assertThat(result.path("cacheScope").asText()).as(result.toString()).isEqualTo(scope);
        }
    }

    private static boolean isLogMessage(JsonNode message) {
        return "notifications/message".equals(message.path("method").asText());
    }

    private static boolean isTagged(JsonNode message, String subscription) {
        JsonNode id = message.path("params").path("_meta").path(ModernRequest.SUBSCRIPTION_ID);
        return message.has("method") && id.isTextual() && id.asText().equals(subscription);
    }

    private static boolean isUpdate(JsonNode message, String subscription) {
        return isTagged(message, subscription) && "notifications/resources/updated".equals(message.path("method")
                .asText()) && INDEX.equals(message.path("params").path("uri").asText());
    }

    private static List<String> names(JsonNode tools) {
        List<String> names = new ArrayList<>();
        tools.forEach(tool -> names.add(tool.path("name").asText()));
        return names;
    }

    private static JsonNode text(String value) {
        return LineSession.JSON.getNodeFactory().textNode(value);
    }
}

package dev.memdir.server.modern;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.json.SharedJson;
import dev.memdir.server.feature.Completer;
import dev.memdir.server.feature.Features;
import dev.memdir.server.feature.Prompt;
import dev.memdir.server.feature.RequestFailure;
import dev.memdir.server.feature.Resource;
import dev.memdir.server.feature.ServerInfo;
import dev.memdir.server.feature.Template;
import dev.memdir.server.feature.Tool;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.server.McpTransportResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The 2026-07-28 server over memdir's feature model, driven in process. */
class ModernServerTest {

    private static final String NOTE_URI = "memdir://memory/index";
    private static final String NOTES_TEMPLATE = "memdir://notes/{+path}";

    private final AtomicReference<String> instructions = new AtomicReference<>("remember things");
    private final ModernServer server = new ModernServer(new ServerInfo("memdir", "9.9", "at start", instructions::get),
            features(), SharedJson.mcp());

    @Test
    @SuppressWarnings("unchecked")
    void discoverAdvertisesBothRevisionsTheInstructionsAndLogging() {
        Map<String, Object> result = result(request("server/discover", Map.of()));

        assertThat(result.get("supportedVersions")).isEqualTo(List.of("2026-07-28", "2025-11-25"));
        assertThat(result.get("instructions")).isEqualTo("remember things");
        assertThat(((Map<String, ?>) result.get("capabilities")).keySet()).contains("tools", "resources", "prompts",
                "completions", "logging");
        assertThat(((Map<String, Object>) result.get("capabilities")).get("tools"))
                .isEqualTo(Map.of("listChanged", false));
        assertThat(result.get("resultType")).isEqualTo("complete");
        assertThat(result.get("_meta")).isEqualTo(
                Map.of("io.modelcontextprotocol/serverInfo", Map.of("name", "memdir", "version", "9.9")));
    }

    @Test
    void discoverAnswersWithTheInstructionsAsTheyAreNow_notAsTheServerWasBuilt() {
        assertThat(result(request("server/discover", Map.of())).get("instructions")).isEqualTo("remember things");

        instructions.set("remember things\n- notes.md: written since");

        assertThat(result(request("server/discover", Map.of())).get("instructions"))
                .isEqualTo("remember things\n- notes.md: written since");
    }

    @Test
    void aToolAnswersWithTheTextOfItsHandler() {
        Map<String, Object> result = result(request("tools/call", Map.of("name", "echo",
                "arguments", Map.of("text", "hello"))));

        assertThat(result.get("content")).isEqualTo(List.of(Map.of("type", "text", "text", "echo: hello")));
        assertThat(result.get("resultType")).isEqualTo("complete");
    }

    @Test
    void listsAreLongLivedAndPublicReadsShortAndPrivate() {
        Map<String, Object> tools = result(request("tools/list", Map.of()));
        Map<String, Object> read = result(request("resources/read", Map.of("uri", NOTE_URI)));

        assertThat(tools.get("ttlMs")).isEqualTo(CacheHints.LIST_TTL_MS);
        assertThat(tools.get("cacheScope")).isEqualTo("public");
        assertThat(read.get("ttlMs")).isEqualTo(CacheHints.MEMORY_TTL_MS);
        assertThat(read.get("cacheScope")).isEqualTo("private");
        assertThat(read.get("contents")).isEqualTo(
                List.of(Map.of("uri", NOTE_URI, "mimeType", "text/markdown", "text", "the index")));
    }

    @Test
    void aResourceNotFoundIsInvalidParamsOnThisRevision() {
        JsonRpc.JSONRPCResponse.JSONRPCError error = error(request("resources/read",
                Map.of("uri", "memdir://missing/a.md")));

        assertThat(error.code()).isEqualTo(-32602);
        assertThat(error.message()).isEqualTo("Unknown resource: memdir://missing/a.md");
    }

    @Test
    void aHandlersOwnProtocolErrorKeepsItsCode() {
        JsonRpc.JSONRPCResponse.JSONRPCError error = error(request("prompts/get", Map.of("name", "broken")));

        assertThat(error.code()).isEqualTo(-32603);
        assertThat(error.message()).isEqualTo("the prompt broke");
    }

    @Test
    void aPromptArgumentSentAsNull_isTakenAsNotGiven() {
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("name", null);

        Map<String, Object> result = result(request("prompts/get", Map.of("name", "greet", "arguments", arguments)));

        assertThat(result.get("messages")).isEqualTo(List.of(Map.of("role", "user",
                "content", Map.of("type", "text", "text", "hello {}"))));
    }

    @Test
    void anUnknownLogLevelIsRefused() {
        Map<String, Object> meta = new LinkedHashMap<>(meta());
        meta.put("io.modelcontextprotocol/logLevel", "loud");
        JsonRpc.JSONRPCResponse.JSONRPCError error = error(
                handle(new JsonRpc.JSONRPCRequest("tools/list", 7, Map.of("_meta", meta))));

        assertThat(error.code()).isEqualTo(-32602);
        assertThat(error.message()).contains("loud");
    }

    @Test
    void completionsOfTemplatesAndPromptsReachTheirHandlers() {
        Map<String, Object> result = result(request("completion/complete", Map.of(
                "ref", Map.of("type", "ref/resource", "uri", NOTES_TEMPLATE),
                "argument", Map.of("name", "path", "value", "no"))));

        assertThat(result.get("completion")).isEqualTo(Map.of("values", List.of("notes.md"), "total", 1,
                "hasMore", false));
    }

    @Test
    void aSubscriptionIsAcknowledgedOnlyForWhatMemdirReports() {
        McpTransportResponse response = handle(new JsonRpc.JSONRPCRequest("subscriptions/listen", 9, Map.of(
                "_meta", meta(), "notifications", Map.of("toolsListChanged", true, "resourceSubscriptions",
                        List.of(NOTE_URI, "memdir://memory/history/a.md", "file:///etc/passwd",
                                "memdir://memory/history/../a.md")))));
        assertThat(response).isInstanceOf(McpTransportResponse.Streaming.class);

        JsonRpc.JSONRPCMessage first = ((McpTransportResponse.Streaming) response).messages().blockFirst();
        JsonRpc.JSONRPCNotification acknowledged = (JsonRpc.JSONRPCNotification) first;
        assertThat(acknowledged.method()).isEqualTo("notifications/subscriptions/acknowledged");
        assertThat(SharedJson.mcp().convertValue(acknowledged.params(), Map.class).get("notifications"))
                .isEqualTo(Map.of("resourceSubscriptions", List.of(NOTE_URI, "memdir://memory/history/a.md")));
    }

    private McpTransportResponse request(String method, Map<String, Object> params) {
        Map<String, Object> withMeta = new LinkedHashMap<>(params);
        withMeta.put("_meta", meta());
        return handle(new JsonRpc.JSONRPCRequest(method, 1, withMeta));
    }

    private McpTransportResponse handle(JsonRpc.JSONRPCRequest request) {
        return server.requests().handleBlocking(McpTransportContext.EMPTY, request).block();
    }

    private static Map<String, Object> meta() {
        return Map.of("io.modelcontextprotocol/protocolVersion", "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities", Map.of());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> result(McpTransportResponse response) {
        assertThat(response).isInstanceOf(McpTransportResponse.Result.class);
        return SharedJson.mcp().convertValue(((McpTransportResponse.Result) response).response().result(),
                Map.class);
    }

    private static JsonRpc.JSONRPCResponse.JSONRPCError error(McpTransportResponse response) {
        assertThat(response).isInstanceOf(McpTransportResponse.Error.class);
        return ((McpTransportResponse.Error) response).response().error();
    }

    private static Features features() {
        Tool echo = new Tool(new Tool.Definition("echo", null, "echoes", Map.of("type", "object", "properties",
                Map.of("text", Map.of("type", "string"))), new Tool.Hints(null, null, null, null)),
                (client, arguments) -> new Tool.Result.Text("echo: " + arguments.get("text"), false));
        Resource index = new Resource(new Resource.Definition(NOTE_URI, "index", null, null, "text/markdown"),
                (client, uri) -> new Resource.Contents(NOTE_URI, "text/markdown", "the index"),
                Resource.Source.MEMORY);
        Completer paths = (client, typed) -> new Completer.Values(List.of("notes.md"), 1, false);
        Template notes = new Template(new Template.Definition(NOTES_TEMPLATE, "notes", null, null, null),
                (client, uri) -> new Resource.Contents(uri, "text/markdown", "a note"), Resource.Source.MEMORY,
                Optional.of(paths));
        Prompt broken = new Prompt(new Prompt.Definition("broken", "Broken", "always fails", List.of()),
                (client, arguments) -> {
                    throw RequestFailure.internalError("the prompt broke");
                }, Optional.empty());
        Prompt greet = new Prompt(new Prompt.Definition("greet", "Greet", "greets",
                List.of(new Prompt.Argument("name", "whom", false))),
                (client, arguments) -> new Prompt.Message("greets", "hello " + arguments), Optional.empty());
        Set<String> reported = Set.of(NOTE_URI, "memdir://memory/history/a.md");
        return new Features(List.of(echo), List.of(index), List.of(notes), List.of(broken, greet), reported::contains);
    }
}

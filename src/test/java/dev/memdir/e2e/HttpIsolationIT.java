package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.memory.postgres.LocalPostgres;
import io.modelcontextprotocol.modern.client.McpSyncClient.Listening;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import io.modelcontextprotocol.modern.client.transport.McpHttpRequestCustomizer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code memdir serve --http} with tokens, through the real jar, on both stores: two principals on two namespaces
 * never see or change each other's memory, not by tool, resource, prompt, hostile path or hostile URI; a read-only
 * principal can only view; a revoked or missing token is 401; history names the principal.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class HttpIsolationIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String INDEX = "memdir://memory/index";
    private static final String STATUS = "memdir://memory/status";
    private static final String SECRET = "first-secret-4b1d";
    /** Paths and URIs that try to reach another namespace (bob's) from alice's. */
    private static final List<String> HOSTILE_PATHS = List.of("/memories/../user/bob/b.md",
            "/memories/../../user/bob/b.md", "/memories/%2e%2e/user/bob/b.md", "/memories/..%2Fbob%2Fb.md",
            "/memories/.memdir-namespaces/user/bob/b.md", "/memories/../.memdir-namespaces/user/bob/b.md",
            "/memories/../../.memdir-namespaces/user/bob/b.md", "/memories/user/bob/b.md", "/memories/bob/b.md",
            "/memories/./../bob/b.md", "/memories/\u2024\u2024/bob/b.md");
    private static final List<String> HOSTILE_URIS = List.of("memdir://memory/history/..%2F..%2Fuser%2Fbob%2Fb.md",
            "memdir://memory/history/%2e%2e/%2e%2e/user/bob/b.md", "memdir://memory/history/user/bob/b.md",
            "memdir://memory/history/.memdir-namespaces/user/bob/b.md", "memdir://memory/history/b.md");

    @TempDir
    Path temp;

    private final HttpClient http = HttpClient.newHttpClient();

    @ParameterizedTest
    @ValueSource(strings = {"directory", "postgres"})
    void twoPrincipalsNeverMeet(String storeKind) throws Exception {
        List<String> store = storeKind.equals("directory") ? List.of("--root", temp.resolve("memory").toString())
                : List.of("--store", LocalPostgres.shared().freshStoreUrl());
        String alice = token(store, "--user", "alice");
        String bob = token(store, "--user", "bob");
        String reader = token(store, "--user", "rita", "--namespace", "user/alice", "--read-only");
        String revoked = token(store, "--user", "eve");
        JarRun list = JarRun.of(temp, concat(List.of("token", "list"), store).toArray(String[]::new));
        String eveId = list.stdout().lines().filter(line -> line.contains(" eve ")).findFirst().orElseThrow()
                .split(" ")[0];
        assertThat(JarRun.of(temp, concat(List.of("token", "revoke", eveId), store).toArray(String[]::new)).exit())
                .isZero();

        try (ServingJar server = serve(store)) {
            URI mcp = server.mcp();
            assertThat(text(call(mcp, alice, "tools/call", tool("create", Map.of("path", "/memories/a.md",
                    "file_text", SECRET + "\n"))))).contains("created");
            assertThat(text(call(mcp, bob, "tools/call", tool("create", Map.of("path", "/memories/b.md",
                    "file_text", "bob-only\n"))))).contains("created");
            assertThat(text(call(mcp, alice, "tools/call", tool("str_replace", Map.of("path", "/memories/a.md",
                    "old_str", SECRET, "new_str", SECRET + " v2"))))).contains("edited");

            // Bob sees nothing of alice's memory, by any feature.
            assertThat(text(call(mcp, bob, "tools/call", tool("view", Map.of("path", "/memories/a.md")))))
                    .doesNotContain(SECRET).contains("does not exist");
            assertThat(text(call(mcp, bob, "tools/call", tool("view", Map.of("path", "/memories")))))
                    .contains("b.md").doesNotContain("a.md");
            for (String uri : List.of("memdir://memory/index", "memdir://memory/status",
                    "memdir://memory/history/a.md")) {
                assertThat(call(mcp, bob, "resources/read", params("uri", uri)).toString()).as(uri)
                        .doesNotContain(SECRET);
            }
            // Recall echoes the query; what it finds is bob's own file only.
            assertThat(call(mcp, bob, "resources/read", params("uri", "memdir://memory/recall?q=" + SECRET))
                    .toString()).doesNotContain("/memories/a.md");
            assertThat(call(mcp, bob, "resources/list", JSON.createObjectNode()).toString()).doesNotContain("a.md");
            assertThat(call(mcp, bob, "prompts/list", JSON.createObjectNode()).toString()).doesNotContain(SECRET);
            ObjectNode complete = JSON.createObjectNode();
            complete.putObject("ref").put("type", "ref/resource").put("uri", "memdir://memory/history/{+path}");
            complete.putObject("argument").put("name", "path").put("value", "");
            assertThat(call(mcp, bob, "completion/complete", complete.deepCopy()).toString())
                    .contains("b.md").doesNotContain("a.md");
            assertThat(call(mcp, alice, "completion/complete", complete).toString())
                    .contains("a.md").doesNotContain("b.md");

            // Alice's own view works, and her history names her.
            assertThat(text(call(mcp, alice, "tools/call", tool("view", Map.of("path", "/memories/a.md")))))
                    .contains(SECRET + " v2");
            assertThat(call(mcp, alice, "resources/read", params("uri", "memdir://memory/history/a.md")).toString())
                    .contains("alice").doesNotContain("bob");

            // Hostile paths and URIs through alice never reach bob's memory.
            for (String path : HOSTILE_PATHS) {
                assertThat(post(mcp, alice, "tools/call", tool("view", Map.of("path", path))).body()).as(path)
                        .doesNotContain("bob-only");
                post(mcp, alice, "tools/call", tool("create", Map.of("path", path, "file_text", "from alice\n")));
                post(mcp, alice, "tools/call", tool("delete", Map.of("path", path)));
            }
            for (String uri : HOSTILE_URIS) {
                HttpResponse<String> read = post(mcp, alice, "resources/read", params("uri", uri));
                assertThat(read.statusCode()).as(uri).isIn(200, 400);
                assertThat(read.body()).as(uri).doesNotContain("bob-only");
            }
            assertThat(text(call(mcp, bob, "tools/call", tool("view", Map.of("path", "/memories/b.md")))))
                    .contains("bob-only");
            assertThat(text(call(mcp, bob, "tools/call", tool("view", Map.of("path", "/memories")))))
                    .doesNotContain("from alice");

            // The read-only principal on alice's namespace views only.
            JsonNode tools = call(mcp, reader, "tools/list", JSON.createObjectNode()).path("result").path("tools");
            assertThat(tools.findValuesAsText("name")).containsExactly("view");
            assertThat(text(call(mcp, reader, "tools/call", tool("view", Map.of("path", "/memories/a.md")))))
                    .contains(SECRET);
            HttpResponse<String> refusedCreate = post(mcp, reader, "tools/call", tool("create",
                    Map.of("path", "/memories/r.md", "file_text", "x\n")));
            assertThat(refusedCreate.body()).contains("Unknown tool: create");
            assertThat(text(call(mcp, alice, "tools/call", tool("view", Map.of("path", "/memories")))))
                    .doesNotContain("r.md");

            // No token, a made-up one, a revoked one: 401.
            HttpResponse<String> none = post(mcp, null, "tools/list", JSON.createObjectNode());
            assertThat(none.statusCode()).isEqualTo(401);
            assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
            assertThat(post(mcp, "mdt_madeup", "tools/list", JSON.createObjectNode()).statusCode()).isEqualTo(401);
            assertThat(post(mcp, revoked, "tools/list", JSON.createObjectNode()).statusCode()).isEqualTo(401);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"directory", "postgres"})
    void aListenHearsNothingOfAnotherNamespace(String storeKind) throws Exception {
        List<String> store = storeKind.equals("directory") ? List.of("--root", temp.resolve("memory").toString())
                : List.of("--store", LocalPostgres.shared().freshStoreUrl());
        String alice = token(store, "--user", "alice");
        String bob = token(store, "--user", "bob");
        try (ServingJar server = serve(store)) {
            io.modelcontextprotocol.modern.client.McpSyncClient bobClient = modernClient(server.mcp(), bob);
            SubscriptionEvents events = new SubscriptionEvents();
            try (Listening listening = bobClient.listen().resourceUpdates(INDEX, STATUS).open(events)) {
                events.awaitSubscribed();
                int mark = events.mark();
                assertThat(text(call(server.mcp(), alice, "tools/call", tool("create", Map.of("path",
                        "/memories/MEMORY.md", "file_text", "- alice's index\n"))))).contains("created");
                Thread.sleep(3000);
                assertThat(events.updatedFrom(mark)).as("bob heard alice's write").isEmpty();

                bobClient.tool("create").arguments(Map.of("path", "/memories/MEMORY.md", "file_text", "- bob's\n"))
                        .call();
                events.awaitUpdate(mark, INDEX);
            }
        }
    }

    private static io.modelcontextprotocol.modern.client.McpSyncClient modernClient(URI mcp, String token) {
        HttpClientMcpTransport transport = HttpClientMcpTransport.builder(mcp.toString())
                .requestCustomizer(McpHttpRequestCustomizer.fromSync((request, headers, context) ->
                        headers.set("Authorization", "Bearer " + token)))
                .build();
        return io.modelcontextprotocol.modern.client.McpClient.sync(transport)
                .clientInfo(io.modelcontextprotocol.modern.McpSchema.Implementation.builder("isolation", "1").build())
                .roundTimeout(Duration.ofSeconds(30))
                .build();
    }

    private String token(List<String> store, String... args) throws Exception {
        List<String> line = concat(List.of("token", "create"), List.of(args));
        JarRun run = JarRun.of(temp, concat(line, store).toArray(String[]::new));
        assertThat(run.exit()).as(run.stderr()).isZero();
        return run.stdout().strip();
    }

    private ServingJar serve(List<String> store) throws Exception {
        Path project = Files.createDirectories(temp.resolve("project"));
        List<String> args = new ArrayList<>(List.of("serve", "--http", "127.0.0.1:0", "--project",
                project.toString(), "--managed-dir", Files.createDirectories(temp.resolve("managed")).toString()));
        args.addAll(store);
        return ServingJar.start(JarLauncher.plain(args.toArray(String[]::new))
                .env("MEMDIR_USER_HOME", Files.createDirectories(temp.resolve("home")).toString()), temp);
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    private static ObjectNode tool(String name, Map<String, String> arguments) {
        ObjectNode params = JSON.createObjectNode().put("name", name);
        ObjectNode args = params.putObject("arguments");
        arguments.forEach(args::put);
        return params;
    }

    private static ObjectNode params(String key, String value) {
        return JSON.createObjectNode().put(key, value);
    }

    private static String text(JsonNode answer) {
        return answer.path("result").path("content").path(0).path("text").asText(answer.toString());
    }

    private JsonNode call(URI mcp, String token, String method, ObjectNode params) throws Exception {
        HttpResponse<String> response = post(mcp, token, method, params);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private HttpResponse<String> post(URI mcp, String token, String method, ObjectNode params) throws Exception {
        ObjectNode meta = params.putObject("_meta");
        meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.putObject("io.modelcontextprotocol/clientInfo").put("name", "isolation").put("version", "1");
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        ObjectNode body = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", 1).put("method", method);
        body.set("params", params);
        HttpRequest.Builder request = HttpRequest.newBuilder(mcp).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", method)
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        String name = params.has("name") ? params.get("name").asText() : params.path("uri").asText("");
        if (!name.isEmpty()) {
            request.header("Mcp-Name", name);
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}

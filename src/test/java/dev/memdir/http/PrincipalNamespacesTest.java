package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.Eventually;
import dev.memdir.auth.Authentication;
import dev.memdir.auth.Authenticator;
import dev.memdir.auth.Principal;
import dev.memdir.config.HttpAddress;
import dev.memdir.config.S3Memory;
import dev.memdir.config.S3Url;
import dev.memdir.config.Settings;
import dev.memdir.config.SettingsResolver;
import dev.memdir.json.SharedJson;
import dev.memdir.server.ServedMemory;
import dev.memdir.wiring.StoreChoice;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server per principal, opened at its first request and closed once unused for the idle time (a fake clock's):
 * through the front servlet on a real Jetty, so a request, and a stream that outlives its call, hold it open.
 */
class PrincipalNamespacesTest {

    private static final Duration IDLE = Duration.ofMinutes(10);
    private static final Principal ANN = new Principal("ann", "user/ann", false);

    @TempDir
    Path temp;

    private Settings settings;
    private final List<Principal> opened = new ArrayList<>();
    private final AtomicLong clock = new AtomicLong();
    private final HttpClient client = HttpClient.newHttpClient();
    private PrincipalNamespaces servers;
    private Server jetty;
    private URI mcp;

    @BeforeEach
    void settings() throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        settings = new SettingsResolver(Map.of("MEMDIR_HOME", home.resolve(".memdir").toString()), home, temp)
                .resolve(Map.of("root", temp.resolve("memory").toString(),
                        "project", Files.createDirectories(temp.resolve("project")).toString(),
                        "managed-dir", Files.createDirectories(temp.resolve("managed")).toString()));
        servers = new PrincipalNamespaces(this::open, () -> true, () -> { }, clock::get, IDLE, 256);
    }

    /** Stops on a thread of its own: servers caught waiting on each other must fail the test, not hang the build. */
    @AfterEach
    void stop() throws Exception {
        CompletableFuture<Void> stopped = CompletableFuture.runAsync(() -> {
            try {
                if (jetty != null) {
                    jetty.stop();
                }
                servers.close();
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        }, runnable -> {
            Thread stopping = new Thread(runnable, "test-stop");
            stopping.setDaemon(true);
            stopping.start();
        });
        stopped.get(30, TimeUnit.SECONDS);
    }

    private NamespaceServer open(Principal principal) throws IOException {
        opened.add(principal);
        Settings own = NamespaceSettings.of(settings, principal);
        return new NamespaceServer(ServedMemory.open(own, "0", StoreChoice.open(own, principal.name()),
                principal.name()), SharedJson.mcp(), 1 << 20, new ParseLimits(1 << 20));
    }

    private void pass(Duration time) {
        clock.addAndGet(time.toNanos());
    }

    @Test
    void eachPrincipalItsOwnServer_openedOnce_noneAfterClose() throws Exception {
        Principal bob = new Principal("bob", "user/bob", false);

        NamespaceServer annServer = server(ANN);
        NamespaceServer bobServer = server(bob);

        assertThat(server(ANN)).isSameAs(annServer);
        assertThat(bobServer).isNotSameAs(annServer);
        assertThat(opened).containsExactly(ANN, bob);
        servers.close();
        assertThat(servers.forPrincipal(ANN)).isEmpty();
    }

    private NamespaceServer server(Principal principal) {
        try (ServerUse use = servers.forPrincipal(principal).orElseThrow()) {
            return use.server();
        }
    }

    @Test
    void aNamespaceIsADirectoryInTheRootsReservedArea_readOnlyFollowsThePrincipal() {
        Settings own = NamespaceSettings.of(settings, new Principal("ro", "team/backend", true));

        assertThat(own.root()).isEqualTo(temp.resolve("memory/.memdir-namespaces/team+backend"));
        assertThat(own.readOnly()).isTrue();
        assertThat(NamespaceSettings.of(settings, new Principal("rw", "team", false)).readOnly()).isFalse();
    }

    @Test
    void inABucket_aNamespaceIsTheBucketsOwn_theRootStaysForTheTokens() throws Exception {
        Settings bucket = new SettingsResolver(Map.of(), temp.resolve("home"), temp).resolve(Map.of(
                "store", "s3://team-memory/acme", "namespace", "team", "s3-endpoint", "http://127.0.0.1:9",
                "project", temp.resolve("project").toString()));

        Settings own = NamespaceSettings.of(bucket, new Principal("ro", "team/backend", true));

        assertThat(own.store()).contains(new S3Memory(new S3Url("team-memory", "acme"), "team/backend",
                Optional.of(URI.create("http://127.0.0.1:9")), Optional.empty()));
        assertThat(own.root()).isEqualTo(bucket.root());
        assertThat(own.readOnly()).isTrue();
    }

    @Test
    void aNamespaceThatCouldClimbOut_isRefused() {
        assertThatThrownBy(() -> NamespaceSettings.of(settings, new Principal("x", "user/../../etc", false)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(servers.forPrincipal(new Principal("x", "../x", false))).isEmpty();
    }

    @Test
    void unusedServerClosed_andOpenedAgainAtTheNextRequest_onTheSameMemory() throws Exception {
        serve();
        assertThat(text(call("tools/call", tool("create", "/memories/kept.md", "kept across a reopening\n"))))
                .contains("created");
        assertThat(servers.openCount()).isOne();

        pass(IDLE);
        servers.closeIdle();
        assertThat(servers.openCount()).isZero();

        assertThat(text(call("tools/call", tool("view", "/memories/kept.md", null))))
                .contains("kept across a reopening");
        assertThat(opened).containsExactly(ANN, ANN);
    }

    @Test
    void aSessionBegunAndNotEnded_keepsItsServerPastTheIdleTime_endingItLetsTheServerClose() throws Exception {
        serve();
        String session = beginSession();

        pass(IDLE.multipliedBy(2));
        servers.closeIdle();
        assertThat(servers.openCount()).isOne();

        HttpResponse<String> ended = client.send(HttpRequest.newBuilder(mcp).header("Mcp-Session-Id", session)
                .header("MCP-Protocol-Version", "2025-11-25").DELETE().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(ended.statusCode()).isEqualTo(200);
        pass(IDLE);
        servers.closeIdle();
        assertThat(servers.openCount()).isZero();
    }

    /** Begins a 2025-11-25 session and returns its id. */
    private String beginSession() throws Exception {
        HttpResponse<String> initialized = client.send(HttpRequest.newBuilder(mcp)
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"
                        + "\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        return initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
    }

    /**
     * Stopping ends the sessions' open GET streams, whose ends release their server: the two must not wait on each
     * other. Several sessions, because the SDK ends them in parallel, each end's release then on another thread.
     */
    @Test
    void endingStreams_withSessionStreamsOpen_returns() throws Exception {
        serve();
        List<HttpResponse<InputStream>> streams = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            streams.add(client.sendAsync(HttpRequest.newBuilder(mcp)
                    .header("Accept", "text/event-stream").header("Mcp-Session-Id", beginSession())
                    .header("MCP-Protocol-Version", "2025-11-25").GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream()).get(30, TimeUnit.SECONDS));
        }
        assertThat(streams).allSatisfy(stream -> assertThat(stream.statusCode()).isEqualTo(200));

        assertTimeoutPreemptively(Duration.ofSeconds(20), servers::endStreams,
                "endStreams waited on the streams it ended");
        for (HttpResponse<InputStream> stream : streams) {
            stream.body().close();
        }
    }

    @Test
    void listenStreamHoldsItsServerOpen_pastTheIdleTime_untilItEnds() throws Exception {
        serve();
        ObjectNode params = SharedJson.mapper().createObjectNode();
        params.putObject("notifications").putArray("resourceSubscriptions").add("memdir://memory/index");
        HttpResponse<InputStream> stream = client.sendAsync(request("subscriptions/listen", params).build(),
                HttpResponse.BodyHandlers.ofInputStream()).get(30, TimeUnit.SECONDS);
        assertThat(stream.statusCode()).isEqualTo(200);

        pass(IDLE.multipliedBy(2));
        servers.closeIdle();
        assertThat(servers.openCount()).isOne();

        servers.endStreams();
        // A stream's end is reported on another thread.
        assertThat(Eventually.within(Duration.ofSeconds(10), () -> {
            pass(IDLE);
            servers.closeIdle();
            return servers.openCount() == 0;
        })).isTrue();
        stream.body().close();
    }

    /** Serves {@link #servers} on loopback, every request acting for {@link #ANN}. */
    private void serve() throws Exception {
        Authenticator asAnn = authorization -> new Authentication.Accepted(ANN);
        FrontServlet front = new FrontServlet(new HostAndOrigin("127.0.0.1", true, List.of()), asAnn,
                new RateLimiter(1000), new RefusalsByClient(new RateLimiter(1000), TrustedProxies.NONE),
                new CredentialHolds(asAnn), RequestLimits.of(1 << 20), servers,
                new AccessLog(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)),
                new Drain(), Map.of());
        jetty = HttpServe.jetty(new HttpAddress("127.0.0.1", 0), Optional.empty(), front);
        jetty.start();
        mcp = URI.create("http://127.0.0.1:" + ((ServerConnector) jetty.getConnectors()[0]).getLocalPort() + "/mcp");
    }

    private static ObjectNode tool(String name, String path, String text) {
        ObjectNode params = SharedJson.mapper().createObjectNode().put("name", name);
        ObjectNode arguments = params.putObject("arguments").put("path", path);
        if (text != null) {
            arguments.put("file_text", text);
        }
        return params;
    }

    private JsonNode call(String method, ObjectNode params) throws Exception {
        HttpResponse<String> response = client.send(request(method, params).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return SharedJson.mapper().readTree(response.body());
    }

    private HttpRequest.Builder request(String method, ObjectNode params) {
        ObjectNode meta = params.putObject("_meta");
        meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.putObject("io.modelcontextprotocol/clientInfo").put("name", "test").put("version", "1");
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        ObjectNode body = SharedJson.mapper().createObjectNode().put("jsonrpc", "2.0").put("id", 1)
                .put("method", method);
        body.set("params", params);
        HttpRequest.Builder request = HttpRequest.newBuilder(mcp).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", method)
                .header("Authorization", "Bearer ann")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        if (params.has("name")) {
            request.header("Mcp-Name", params.get("name").asText());
        }
        return request;
    }

    private static String text(JsonNode answer) {
        return answer.path("result").path("content").path(0).path("text").asText(answer.toString());
    }
}

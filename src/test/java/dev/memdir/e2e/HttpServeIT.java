package dev.memdir.e2e;

import static dev.memdir.e2e.support.MemdirUris.INDEX;
import static dev.memdir.e2e.support.MemdirUris.STATUS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.Eventually;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarRun;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.McpCalls;
import dev.memdir.e2e.support.ModernRequest;
import dev.memdir.e2e.support.ModernSdkClient;
import dev.memdir.e2e.support.PlainHttp;
import dev.memdir.e2e.support.RawHttp;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.SubscriptionEvents;
import dev.memdir.http.SelfSignedPem;
import dev.memdir.memory.postgres.LocalPostgres;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.modern.client.McpSyncClient.Listening;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code memdir serve --http} through the real jar: the SDK's 2025-11-25 Streamable HTTP client and its 2026-07-28
 * HTTP client get the texts stdio gives, each revision hears the writes of the other, the health check follows the
 * store, the hygiene refusals, HTTPS from PEM files, the refusal to bind beyond loopback without authentication,
 * and a SIGTERM that lets the request in flight finish.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class HttpServeIT {

    private static final String SECRET = "the-body-of-a-memory-7f3a";

    @TempDir
    Path temp;

    private List<String> memoryArgs(String name) throws IOException {
        Path project = Files.createDirectories(temp.resolve("project-" + name));
        return List.of("--root", temp.resolve("memory-" + name).toString(), "--project", project.toString(),
                "--managed-dir", Files.createDirectories(temp.resolve("managed")).toString());
    }

    private JarLauncher launcher(List<String> args) throws IOException {
        return JarLauncher.plain(args.toArray(String[]::new))
                .env("HOME", Files.createDirectories(temp.resolve("home")).toString());
    }

    private ServingJar serve(List<String> memory, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("serve", "--http", "127.0.0.1:0"));
        args.addAll(memory);
        args.addAll(List.of(options));
        return ServingJar.start(launcher(args), temp);
    }

    private static McpSyncClient legacyClient(URI base, Optional<SSLContext> tls) {
        return legacyClient(base, tls, contents -> { });
    }

    private static McpSyncClient legacyClient(URI base, Optional<SSLContext> tls,
            Consumer<List<McpSchema.ResourceContents>> updates) {
        HttpClientStreamableHttpTransport.Builder transport = HttpClientStreamableHttpTransport.builder(base.toString())
                .endpoint("/mcp");
        tls.ifPresent(context -> transport.customizeClient(client -> client.sslContext(context)));
        return LegacySdkClient.start(transport.build(), updates);
    }

    private static io.modelcontextprotocol.modern.client.McpSyncClient modernClient(URI mcp,
            Optional<SSLContext> tls) {
        HttpClientMcpTransport.Builder transport = HttpClientMcpTransport.builder(mcp.toString());
        tls.ifPresent(context -> transport.customizeClient(client -> client.sslContext(context)));
        return ModernSdkClient.over(transport.build());
    }

    private static String legacyText(McpSchema.CallToolResult result) {
        return LegacySdkClient.text(result);
    }

    private static String legacyRead(McpSyncClient client, String uri) {
        return ((McpSchema.TextResourceContents) client.readResource(new McpSchema.ReadResourceRequest(uri))
                .contents().get(0)).text();
    }

    @Test
    void bothRevisionsOverHttp_answerWithTheTextsOfStdio() throws Exception {
        Map<String, String> stdio = new LinkedHashMap<>();
        McpSyncClient stdioLegacy = LegacySdkClient.start(launcher(memoryArgs("stdio")));
        try {
            stdio.put("tools", McpCalls.json(stdioLegacy.listTools().tools()));
            stdio.put("create", legacyText(LegacySdkClient.call(stdioLegacy, "create",
                    Map.of("path", "/memories/notes.md", "file_text", SECRET + "\n"))));
            stdio.put("index", legacyText(LegacySdkClient.call(stdioLegacy, "create",
                    Map.of("path", "/memories/MEMORY.md", "file_text", "- notes.md: a note\n"))));
            stdio.put("view", legacyText(LegacySdkClient.call(stdioLegacy, "view",
                    Map.of("path", "/memories/notes.md"))));
            stdio.put("read", legacyRead(stdioLegacy, INDEX));
        } finally {
            stdioLegacy.closeGracefully();
        }
        String stdioModernTools;
        try (ModernSdkClient stdioModern = ModernSdkClient.start(launcher(memoryArgs("stdio")))) {
            stdioModernTools = stdioModern.tools();
        }

        try (ServingJar server = serve(memoryArgs("http"))) {
            McpSyncClient legacy = legacyClient(server.base(), Optional.empty());
            try {
                assertThat(McpCalls.json(legacy.listTools().tools())).isEqualTo(stdio.get("tools"));
                assertThat(legacyText(LegacySdkClient.call(legacy, "create",
                        Map.of("path", "/memories/notes.md", "file_text", SECRET + "\n"))))
                        .isEqualTo(stdio.get("create"));
                assertThat(legacyText(LegacySdkClient.call(legacy, "create",
                        Map.of("path", "/memories/MEMORY.md", "file_text", "- notes.md: a note\n"))))
                        .isEqualTo(stdio.get("index"));
                assertThat(legacyText(LegacySdkClient.call(legacy, "view", Map.of("path", "/memories/notes.md"))))
                        .isEqualTo(stdio.get("view")).contains(SECRET);
                assertThat(legacyRead(legacy, INDEX)).isEqualTo(stdio.get("read"));
            } finally {
                legacy.closeGracefully();
            }

            io.modelcontextprotocol.modern.client.McpSyncClient modern = modernClient(server.mcp(), Optional.empty());
            assertThat(McpCalls.json(modern.tools().list().tools())).isEqualTo(stdioModernTools);
            assertThat(ModernSdkClient.text(modern.tool("create").arguments(Map.of("path", "/memories/modern.md",
                    "file_text", "from 2026-07-28\n")).call()))
                    .isEqualTo(stdio.get("create").replace("notes.md", "modern.md"));
            assertThat(ModernSdkClient.text(modern.tool("view").arguments(Map.of("path", "/memories/notes.md"))
                    .call())).isEqualTo(stdio.get("view"));
            assertThat(ModernSdkClient.text(modern.resource(INDEX).read())).isEqualTo(stdio.get("read"));

            List<String> log = server.accessLogOnce(lines -> lines.stream().anyMatch(line -> line.contains(
                    " resources/read principal=local ")));
            assertThat(log).anyMatch(line -> line.matches(
                    "memdir: http POST /mcp initialize principal=local 200 \\d+ms"));
            assertThat(log).anyMatch(line -> line.matches(
                    "memdir: http POST /mcp tools/call principal=local 200 \\d+ms"));
            assertThat(log).anyMatch(line -> line.matches(
                    "memdir: http POST /mcp resources/read principal=local 200 \\d+ms"));
            assertThat(server.stderr()).doesNotContain(SECRET);
        }
    }

    @Test
    void changesOverHttp_eachRevisionHearsAWriteMadeThroughTheOther() throws Exception {
        try (ServingJar server = serve(memoryArgs("listen"))) {
            io.modelcontextprotocol.modern.client.McpSyncClient modern = modernClient(server.mcp(), Optional.empty());
            SubscriptionEvents events = new SubscriptionEvents();
            BlockingQueue<String> legacyHeard = new LinkedBlockingQueue<>();
            McpSyncClient legacy = legacyClient(server.base(), Optional.empty(), contents -> contents.forEach(
                    content -> legacyHeard.add(((McpSchema.TextResourceContents) content).text())));
            try (Listening listening = modern.listen().resourceUpdates(INDEX, STATUS).open(events)) {
                assertThat(events.awaitSubscribed().honoured().resourceSubscriptionsOrEmpty())
                        .containsExactlyInAnyOrder(INDEX, STATUS);
                legacy.subscribeResource(new McpSchema.SubscribeRequest(INDEX));

                int before = events.mark();
                LegacySdkClient.call(legacy, "create", Map.of("path", "/memories/MEMORY.md", "file_text", "- a\n"));
                events.awaitUpdate(before, INDEX);
                events.awaitUpdate(before, STATUS);

                modern.tool("str_replace").arguments(Map.of("path", "/memories/MEMORY.md", "old_str", "- a",
                        "new_str", "- b")).call();
                String heard = legacyHeard.poll(30, TimeUnit.SECONDS);
                while (heard != null && !heard.equals("- b\n")) {
                    heard = legacyHeard.poll(30, TimeUnit.SECONDS);
                }
                assertThat(heard).as("the 2025-11-25 session re-read the index after the 2026-07-28 write")
                        .isEqualTo("- b\n");

                // An open stream is no request in flight: it ends at once, not after the 10 s a request may take.
                long stopping = System.nanoTime();
                assertThat(server.terminate(Duration.ofSeconds(20))).contains(0);
                assertThat(Duration.ofNanos(System.nanoTime() - stopping)).isLessThan(Duration.ofSeconds(5));
                assertThat(server.stderr()).doesNotContain("WARN", "ERROR");
            } finally {
                legacy.close();
            }
        }
    }

    @Test
    void clientsAtOnce_everyCallAnsweredWithItsOwnText() throws Exception {
        try (ServingJar server = serve(memoryArgs("many"))) {
            int clients = 6;
            int calls = 10;
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(clients);
            try {
                List<java.util.concurrent.Future<List<String>>> results = new ArrayList<>();
                for (int c = 0; c < clients; c++) {
                    int client = c;
                    results.add(pool.submit(() -> {
                        io.modelcontextprotocol.modern.client.McpSyncClient modern =
                                modernClient(server.mcp(), Optional.empty());
                        List<String> views = new ArrayList<>();
                        for (int i = 0; i < calls; i++) {
                            String path = "/memories/c" + client + "/f" + i + ".md";
                            modern.tool("create").arguments(Map.of("path", path, "file_text", client + "-" + i))
                                    .call();
                            views.add(ModernSdkClient.text(modern.tool("view").arguments(Map.of("path", path))
                                    .call()));
                        }
                        return views;
                    }));
                }
                for (int c = 0; c < clients; c++) {
                    List<String> views = results.get(c).get(120, TimeUnit.SECONDS);
                    for (int i = 0; i < calls; i++) {
                        assertThat(views.get(i)).isEqualTo("Here's the content of /memories/c" + c + "/f" + i
                                + ".md with line numbers:\n     1\t" + c + "-" + i);
                    }
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(toolCalls(server.accessLogOnce(log -> toolCalls(log) >= clients * calls * 2)))
                    .isEqualTo(clients * calls * 2);
        }
    }

    @Test
    void healthz_okWhileTheStoreAnswers_503WhenItsDatabaseStops() throws Exception {
        try (ServingJar directory = serve(memoryArgs("health"))) {
            HttpResponse<String> ok = new PlainHttp().get(directory.base().resolve("/healthz"));
            assertThat(ok.statusCode()).isEqualTo(200);
            assertThat(ok.body()).isEqualTo("{\"status\":\"ok\"}\n");
        }
        LocalPostgres database = LocalPostgres.startPrivate();
        try (ServingJar server = ServingJar.start(launcher(List.of("serve", "--http", "127.0.0.1:0", "--store",
                database.freshStoreUrl(), "--namespace", "team", "--store-timeout", "1s")), temp)) {
            PlainHttp client = new PlainHttp();
            URI health = server.base().resolve("/healthz");
            assertThat(client.get(health).statusCode()).isEqualTo(200);

            database.stop();

            HttpResponse<String> down = client.get(health);
            assertThat(down.statusCode()).isEqualTo(503);
            assertThat(down.body()).isEqualTo("{\"status\":\"unavailable\"}\n");

            database.startAgain();
            Eventually.until("healthz 200 once the database is back", Duration.ofSeconds(20),
                    () -> client.get(health).statusCode() == 200);
        } finally {
            database.startAgainIfStopped();
            database.stop();
        }
    }

    @Test
    void hygiene_hostAndOrigin403_bodyOverTheLimit413_overTheRate429() throws Exception {
        try (ServingJar server = serve(memoryArgs("hygiene"), "--allow-origin", "http://app.example:3000",
                "--allow-origin", "https://other.example", "--max-request-bytes", "1K", "--rate", "1")) {
            try (RawHttp raw = new RawHttp(server.port())) {
                raw.head("POST /mcp HTTP/1.1", Map.of("Host", "evil.example:" + server.port(),
                        "Content-Type", "application/json", "Content-Length", "2"));
                raw.send("{}");
                RawHttp.Response rebinding = raw.read();
                assertThat(rebinding.status()).isEqualTo(403);
                assertThat(rebinding.body()).isEqualTo("{\"error\":\"the Host header does not name this server\"}\n");
            }
            PlainHttp client = new PlainHttp();
            URI health = server.base().resolve("/healthz");
            HttpResponse<String> badOrigin = client.post(server.mcp(), "{}", Map.of("Origin", "http://evil.example"));
            assertThat(badOrigin.statusCode()).isEqualTo(403);
            assertThat(badOrigin.body()).isEqualTo(
                    "{\"error\":\"the Origin 'http://evil.example' is not allowed (see --allow-origin)\"}\n");
            assertThat(client.get(health, Map.of("Origin", "http://app.example:3000")).statusCode()).isEqualTo(200);
            assertThat(client.get(health, Map.of("Origin", "https://other.example")).statusCode()).isEqualTo(200);

            HttpResponse<String> tooLarge = client.post(server.mcp(), "{\"pad\":\"" + "x".repeat(2000) + "\"}",
                    Map.of());
            assertThat(tooLarge.statusCode()).isEqualTo(413);
            assertThat(tooLarge.body()).isEqualTo(
                    "{\"error\":\"the request body is over 1024 bytes (--max-request-bytes)\"}\n");

            // --rate 1 lets a burst of 2 through; the 413 above was the first.
            List<HttpResponse<String>> answers = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                answers.add(client.post(server.mcp(), discover(), modernHeaders("server/discover")));
            }
            assertThat(answers.get(0).statusCode()).isEqualTo(200);
            HttpResponse<String> limited = answers.stream().filter(answer -> answer.statusCode() == 429)
                    .findFirst().orElseThrow(() -> new AssertionError("no 429 in " + answers));
            assertThat(limited.headers().firstValue("Retry-After")).contains("1");
            assertThat(limited.body()).isEqualTo("{\"error\":\"too many requests from local; retry after 1 s\"}\n");
            // Refused before its body is read: the log names no method (the header is the client's word).
            String limitedLine = "memdir: http POST /mcp - principal=local 429 \\d+ms";
            assertThat(server.accessLogOnce(log -> log.stream().anyMatch(line -> line.matches(limitedLine))))
                    .anyMatch(line -> line.matches(limitedLine))
                    .anyMatch(line -> line.matches("memdir: http POST /mcp - principal=- 403 \\d+ms"));
        }
    }

    @Test
    void methodsRemovedIn2026_onItsWire_are404MethodNotFound_whileInitializeWithoutItStartsASession()
            throws Exception {
        try (ServingJar server = serve(memoryArgs("removed"))) {
            PlainHttp client = new PlainHttp();
            for (String removed : List.of("initialize", "ping", "logging/setLevel", "resources/subscribe",
                    "resources/unsubscribe")) {
                HttpResponse<String> answer = client.post(server.mcp(), ModernRequest.of(1, removed).line(),
                        modernHeaders(removed));
                assertThat(answer.statusCode()).as(removed).isEqualTo(404);
                assertThat(answer.body()).as(removed).contains("\"code\":-32601");
            }
            McpSyncClient legacy = legacyClient(server.base(), Optional.empty());
            try {
                assertThat(legacy.getCurrentInitializationResult().protocolVersion()).isEqualTo("2025-11-25");
                assertThat(legacy.listTools().tools()).isNotEmpty();
            } finally {
                legacy.closeGracefully();
            }
        }
    }

    @Test
    void aFirstTokenMadeWhileServing_isNeededFromThenOn_andServesItsOwnNamespace() throws Exception {
        List<String> memory = memoryArgs("first-token");
        try (ServingJar server = serve(memory)) {
            PlainHttp client = new PlainHttp();
            io.modelcontextprotocol.modern.client.McpSyncClient local = modernClient(server.mcp(), Optional.empty());
            ModernSdkClient.text(local.tool("create").arguments(Map.of("path", "/memories/local.md",
                    "file_text", SECRET + "\n")).call());

            List<String> create = new ArrayList<>(List.of("token", "create", "--user", "alice"));
            // The options that choose the memory: token create takes no instruction option (--managed-dir).
            create.addAll(memory.subList(0, 4));
            JarRun made = JarRun.of(temp, launcher(create));
            assertThat(made.exit()).as(made.stderr()).isZero();
            String token = made.stdout().strip();

            // The server looks for a first token every second.
            HttpResponse<String> refused = Eventually.value("a refusal once there is a token", Duration.ofSeconds(10),
                    () -> client.post(server.mcp(), discover(), modernHeaders("server/discover")),
                    response -> response.statusCode() != 200);
            assertThat(refused.statusCode()).isEqualTo(401);
            assertThat(refused.headers().firstValue("WWW-Authenticate")).contains("Bearer");

            io.modelcontextprotocol.modern.client.McpSyncClient alice = ModernSdkClient.overHttp(server.mcp(), token);
            String view = ModernSdkClient.text(alice.tool("view").arguments(Map.of("path", "/memories")).call());
            assertThat(view).doesNotContain("local.md");
            String served = "memdir: http POST /mcp tools/call principal=alice 200 \\d+ms";
            assertThat(server.accessLogOnce(log -> log.stream().anyMatch(line -> line.matches(served))))
                    .anyMatch(line -> line.matches(served));
        }
    }

    @Test
    void aPageOfAnAllowedOrigin_preflights_thenReadsTheAnswersOfBothRevisions() throws Exception {
        String page = "http://app.example:3000";
        try (ServingJar server = serve(memoryArgs("cors"), "--allow-origin", page)) {
            PlainHttp client = new PlainHttp();
            HttpResponse<String> preflight = client.send("OPTIONS", server.mcp(),
                    HttpRequest.BodyPublishers.noBody(), Map.of("Origin", page, "Access-Control-Request-Method", "POST",
                            "Access-Control-Request-Headers", "content-type, mcp-protocol-version, mcp-method"));
            assertThat(preflight.statusCode()).isEqualTo(204);
            assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).hasValue(page);
            assertThat(preflight.headers().firstValue("Access-Control-Allow-Headers"))
                    .hasValue("content-type, mcp-protocol-version, mcp-method");

            Map<String, String> modern = new LinkedHashMap<>(modernHeaders("server/discover"));
            modern.put("Origin", page);
            HttpResponse<String> discovered = client.post(server.mcp(), discover(), modern);
            assertThat(discovered.statusCode()).isEqualTo(200);
            assertThat(discovered.headers().firstValue("Access-Control-Allow-Origin")).hasValue(page);

            HttpResponse<String> initialized = client.post(server.mcp(), "{\"jsonrpc\":\"2.0\",\"id\":1,"
                    + "\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"page\",\"version\":\"1\"}}}",
                    Map.of("Origin", page, "Accept", "application/json, text/event-stream"));
            assertThat(initialized.statusCode()).isEqualTo(200);
            assertThat(initialized.headers().firstValue("Mcp-Session-Id")).isPresent();
            assertThat(initialized.headers().firstValue("Access-Control-Allow-Origin")).hasValue(page);
            assertThat(initialized.headers().firstValue("Access-Control-Expose-Headers").orElse(""))
                    .contains("Mcp-Session-Id");
        }
    }

    @Test
    void newSessionsAndDiscover_carryTheIndexAsItIsNow_notAsItWasAtStart() throws Exception {
        String entry = "- notes.md: written-after-start-5e1d";
        try (ServingJar server = serve(memoryArgs("instructions"))) {
            McpSyncClient first = legacyClient(server.base(), Optional.empty());
            try {
                assertThat(first.getCurrentInitializationResult().instructions()).doesNotContain(entry);
                LegacySdkClient.call(first, "create", Map.of("path", "/memories/MEMORY.md", "file_text", entry + "\n"));
            } finally {
                first.closeGracefully();
            }
            McpSyncClient second = legacyClient(server.base(), Optional.empty());
            try {
                assertThat(second.getCurrentInitializationResult().instructions()).contains(entry);
            } finally {
                second.closeGracefully();
            }
            HttpResponse<String> discovered = new PlainHttp().post(server.mcp(), discover(),
                    modernHeaders("server/discover"));
            assertThat(discovered.statusCode()).isEqualTo(200);
            assertThat(discovered.body()).contains(entry);
        }
    }

    @Test
    void tlsFromPemFiles_servesHttpsToBothClients() throws Exception {
        SelfSignedPem pem = SelfSignedPem.make(temp.resolve("tls"), "RSA");
        try (ServingJar server = serve(memoryArgs("tls"), "--tls-cert", pem.certificate().toString(),
                "--tls-key", pem.privateKey().toString())) {
            assertThat(server.base().getScheme()).isEqualTo("https");
            SSLContext trust = pem.clientContext();
            HttpResponse<String> health = PlainHttp.trusting(trust).get(server.base().resolve("/healthz"));
            assertThat(health.statusCode()).isEqualTo(200);

            McpSyncClient legacy = legacyClient(server.base(), Optional.of(trust));
            try {
                assertThat(legacyText(LegacySdkClient.call(legacy, "create",
                        Map.of("path", "/memories/tls.md", "file_text", "over tls\n"))))
                        .isEqualTo("File created successfully at: /memories/tls.md");
            } finally {
                legacy.closeGracefully();
            }
            io.modelcontextprotocol.modern.client.McpSyncClient modern = modernClient(server.mcp(), Optional.of(trust));
            assertThat(ModernSdkClient.text(modern.tool("view").arguments(Map.of("path", "/memories/tls.md"))
                    .call())).isEqualTo("Here's the content of /memories/tls.md with line numbers:\n"
                            + "     1\tover tls\n     2\t");
        }
    }

    @Test
    void nonLoopbackAddressWithoutAuthentication_refusedAtStartUp() throws Exception {
        List<String> args = new ArrayList<>(List.of("serve", "--http", "0.0.0.0:0"));
        args.addAll(memoryArgs("open"));

        JarRun run = JarRun.of(temp, launcher(args));

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("memdir: refusing to serve 0.0.0.0 without authentication: anyone who"
                + " reaches it could read and change the memory; bind a loopback address (127.0.0.1), make a token"
                + " first (memdir token create --user NAME) or give --oauth-issuer\n");
    }

    @Test
    void sigterm_finishesTheRequestInFlight_refusesNewOnes_andExits0() throws Exception {
        try (ServingJar server = serve(memoryArgs("term"))) {
            String body = discover();
            int half = body.length() / 2;
            // A first request loads what serving one takes, so that the next reaches the servlet at once even on a
            // busy machine: a request whose head has not been read when SIGTERM comes is a new one, not in flight.
            assertThat(new PlainHttp().post(server.mcp(), body, modernHeaders("server/discover"))
                    .statusCode()).isEqualTo(200);
            try (RawHttp raw = new RawHttp(server.port())) {
                Map<String, String> head = new LinkedHashMap<>(modernHeaders("server/discover"));
                head.put("Host", "127.0.0.1:" + server.port());
                head.put("Content-Length", Integer.toString(body.length()));
                raw.head("POST /mcp HTTP/1.1", head);
                raw.send(body.substring(0, half));
                Thread.sleep(1000);

                server.process().destroy();
                Thread.sleep(1000);
                assertThat(server.process().isAlive()).as("waiting for the request in flight").isTrue();
                assertThat(newRequestStatus(server)).as("a request after SIGTERM").isIn(503, -1);

                raw.send(body.substring(half));
                RawHttp.Response answer = raw.read();
                assertThat(answer.status()).isEqualTo(200);
                assertThat(answer.body()).contains("\"supportedVersions\":[\"2026-07-28\",\"2025-11-25\"]")
                        .contains("\"io.modelcontextprotocol/serverInfo\":{\"name\":\"memdir\"");
            }
            assertThat(server.process().waitFor(15, TimeUnit.SECONDS)).isTrue();
            assertThat(server.process().exitValue()).isZero();
            assertThat(server.stderr()).doesNotContain("WARN", "ERROR");
        }
    }

    private static long toolCalls(List<String> accessLog) {
        return accessLog.stream().filter(line -> line.contains(" tools/call principal=local 200 ")).count();
    }

    /** The status of a new request on a new connection, or -1 when no connection is taken. */
    private static int newRequestStatus(ServingJar server) throws IOException {
        try (RawHttp raw = new RawHttp(server.port())) {
            raw.head("GET /healthz HTTP/1.1", Map.of("Host", "127.0.0.1:" + server.port(), "Connection", "close"));
            return raw.read().status();
        } catch (IOException refusedOrClosed) {
            return -1;
        }
    }

    private static String discover() {
        return ModernRequest.of(1, "server/discover").line();
    }

    private static Map<String, String> modernHeaders(String method) {
        return Map.of("Content-Type", "application/json", "Accept", "application/json, text/event-stream",
                "Mcp-Method", method, "MCP-Protocol-Version", "2026-07-28");
    }
}

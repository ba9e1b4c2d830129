package dev.memdir.e2e;

import static dev.memdir.e2e.support.MemdirUris.INDEX;
import static dev.memdir.e2e.support.MemdirUris.STATUS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.Eventually;
import dev.memdir.e2e.support.EveryStoreTest;
import dev.memdir.e2e.support.HttpAnswer;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.TokenStore;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * 2025-11-25 sessions holding tokens, through the real jar on both stores: the SDK's legacy Streamable HTTP client as
 * alice and as bob sees only its own namespace by tool and resource, and a {@code resources/subscribe} hears writes
 * of its own namespace only. A session belongs to the principal that made it: its id with another principal's token,
 * of another namespace or of the same one, is answered as a session the server does not know (404, so that nobody
 * learns which ids exist), reaches nothing and ends nothing; without a token it is 401.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class HttpSessionIsolationIT {

    private static final String BOB_HISTORY = "memdir://memory/history/b.md";
    private static final String ALICE_SECRET = "alice-secret-0d3e";
    private static final String BOB_SECRET = "bob-secret-77a2";

    @EveryStoreTest
    void sessionsWithTokens_seeTheirOwnNamespace_andNoOneElseUsesThem(String storeKind, @TempDir Path temp)
            throws Exception {
        TokenStore store = TokenStore.fresh(storeKind, temp);
        String aliceToken = store.token("alice");
        String bobToken = store.token("bob");
        String carolToken = store.token("carol", "--namespace", "user/alice");

        try (ServingJar server = store.serve()) {
            BlockingQueue<String> aliceHeard = new LinkedBlockingQueue<>();
            BlockingQueue<String> bobHeard = new LinkedBlockingQueue<>();
            McpSyncClient alice = legacyClient(server.base(), aliceToken, aliceHeard);
            McpSyncClient bob = legacyClient(server.base(), bobToken, bobHeard);
            McpSyncClient carol = legacyClient(server.base(), carolToken, new LinkedBlockingQueue<>());
            try {
                assertThat(call(alice, "create", Map.of("path", "/memories/a.md", "file_text", ALICE_SECRET + "\n")))
                        .contains("created");
                assertThat(call(alice, "create", Map.of("path", "/memories/MEMORY.md", "file_text", "- a.md\n")))
                        .contains("created");
                assertThat(call(bob, "create", Map.of("path", "/memories/b.md", "file_text", BOB_SECRET + "\n")))
                        .contains("created");
                assertThat(call(bob, "create", Map.of("path", "/memories/MEMORY.md", "file_text",
                        "- b.md: " + BOB_SECRET + "\n"))).contains("created");

                // Tools and resources: each sees its own namespace; carol shares alice's.
                assertThat(call(alice, "view", Map.of("path", "/memories"))).contains("a.md").doesNotContain("b.md");
                assertThat(call(bob, "view", Map.of("path", "/memories"))).contains("b.md").doesNotContain("a.md");
                assertThat(call(bob, "view", Map.of("path", "/memories/a.md"))).contains("does not exist");
                assertThat(call(carol, "view", Map.of("path", "/memories/a.md"))).contains(ALICE_SECRET);
                assertThat(read(alice, INDEX)).isEqualTo("- a.md\n");
                assertThat(read(bob, INDEX)).contains(BOB_SECRET);
                assertThat(read(alice, STATUS)).doesNotContain(BOB_SECRET, "b.md");
                assertThat(read(bob, "memdir://memory/history/a.md")).doesNotContain("alice");
                assertThat(alice.completeCompletion(new McpSchema.CompleteRequest(
                        new McpSchema.ResourceReference("memdir://memory/history/{+path}"),
                        new McpSchema.CompleteRequest.CompleteArgument("path", ""))).completion().values())
                        .contains("a.md").doesNotContain("b.md");

                // Subscriptions: bob's writes reach bob's subscriptions, never alice's; her namespace's reach hers.
                // She subscribes to the history of a file only bob has, too: a notice of it could come from bob alone.
                for (String uri : List.of(INDEX, STATUS, BOB_HISTORY)) {
                    alice.subscribeResource(new McpSchema.SubscribeRequest(uri));
                }
                bob.subscribeResource(new McpSchema.SubscribeRequest(INDEX));
                bob.subscribeResource(new McpSchema.SubscribeRequest(BOB_HISTORY));
                // A write of alice's own first: once she has heard it, nothing of her earlier writes is on its way.
                call(alice, "str_replace", Map.of("path", "/memories/MEMORY.md", "old_str", "- a.md", "new_str",
                        "- a.md (1)"));
                assertThat(awaitText(aliceHeard, INDEX + " - a.md (1)")).as("alice heard her index change").isTrue();
                assertThat(awaitText(aliceHeard, STATUS + " ")).as("alice heard her status change").isTrue();
                aliceHeard.clear();
                call(bob, "str_replace", Map.of("path", "/memories/MEMORY.md", "old_str", "- b.md", "new_str",
                        "- b.md (bob's)"));
                call(bob, "str_replace", Map.of("path", "/memories/b.md", "old_str", BOB_SECRET, "new_str",
                        BOB_SECRET + " v2"));
                assertThat(awaitText(bobHeard, "(bob's)")).as("bob heard his index change").isTrue();
                assertThat(awaitText(bobHeard, BOB_HISTORY + " ")).as("bob heard his file's history change").isTrue();
                // Carol's write in alice's namespace, after bob's, is the barrier: that namespace's changes reach
                // alice in order, so once she has heard it, whatever bob's writes leaked to her would have come first.
                call(carol, "str_replace", Map.of("path", "/memories/MEMORY.md", "old_str", "(1)",
                        "new_str", "(carol's)"));
                assertThat(awaitText(aliceHeard, "(carol's)")).as("alice heard her namespace's write").isTrue();
                // Re-read through her session, a leaked update would show her own index: only carol's may be there.
                assertThat(aliceHeard).as("alice heard bob's writes").noneMatch(heard -> heard.startsWith(BOB_HISTORY)
                        || heard.contains(BOB_SECRET)).filteredOn(heard -> heard.startsWith(INDEX + " ")).singleElement()
                        .asString().contains("(carol's)");

                // Alice's session id with another principal's token: unknown there, for every HTTP method.
                String session = rawSession(server.mcp(), aliceToken);
                String hijack = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":"
                        + "\"create\",\"arguments\":{\"path\":\"/memories/hijack.md\",\"file_text\":\"x\\n\"}}}";
                for (String other : List.of(bobToken, carolToken)) {
                    HttpResponse<String> post = send(server.mcp(), other, session, "POST", hijack);
                    assertThat(post.statusCode()).as(post.body()).isEqualTo(404);
                    assertThat(post.body()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32603,"
                            + "\"message\":\"Session not found: " + session + "\"}}");
                    assertThat(send(server.mcp(), other, session, "GET", null).statusCode()).isEqualTo(404);
                    assertThat(send(server.mcp(), other, session, "DELETE", null).statusCode()).isEqualTo(404);
                }
                HttpResponse<String> anonymous = send(server.mcp(), null, session, "POST", hijack);
                assertThat(anonymous.statusCode()).isEqualTo(401);
                assertThat(anonymous.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");

                // The session is still alice's, and nothing was written through it.
                HttpResponse<String> own = send(server.mcp(), aliceToken, session, "POST", "{\"jsonrpc\":\"2.0\","
                        + "\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"view\",\"arguments\":{\"path\":"
                        + "\"/memories\"}}}");
                assertThat(own.statusCode()).isEqualTo(200);
                assertThat(HttpAnswer.message(own)).contains("a.md").doesNotContain("hijack.md");
                assertThat(call(bob, "view", Map.of("path", "/memories"))).doesNotContain("hijack.md");
            } finally {
                for (McpSyncClient client : List.of(alice, bob, carol)) {
                    client.closeGracefully();
                }
            }
            assertThat(server.stderr()).doesNotContain(ALICE_SECRET, BOB_SECRET, aliceToken, bobToken, carolToken);
        }
    }

    /** The SDK's 2025-11-25 client with the token in a request customizer; each update's re-read text is kept. */
    private static McpSyncClient legacyClient(URI base, String token, BlockingQueue<String> heard) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(base.toString())
                .endpoint("/mcp")
                .httpRequestCustomizer((request, method, uri, body, context) ->
                        request.setHeader("Authorization", "Bearer " + token))
                .build();
        return LegacySdkClient.start(transport, contents -> contents.forEach(content -> heard.add(content.uri() + " "
                + ((McpSchema.TextResourceContents) content).text())));
    }

    private static String call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return LegacySdkClient.text(LegacySdkClient.call(client, tool, arguments));
    }

    private static String read(McpSyncClient client, String uri) {
        return ((McpSchema.TextResourceContents) client.readResource(new McpSchema.ReadResourceRequest(uri))
                .contents().get(0)).text();
    }

    /** Waits up to 30 s for an update whose re-read text holds {@code marker}; the updates before it stay read. */
    private static boolean awaitText(BlockingQueue<String> heard, String marker) throws InterruptedException {
        List<String> seen = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try {
            while (System.nanoTime() < deadline) {
                String update = heard.poll(1, TimeUnit.SECONDS);
                if (update != null) {
                    seen.add(update);
                    if (update.contains(marker)) {
                        return true;
                    }
                }
            }
            return false;
        } finally {
            heard.addAll(seen);
        }
    }

    /**
     * SIGTERM while principals' sessions hold GET streams open: the streams end and the server exits 0 (ending the
     * streams once waited on their own ends, and the server never exited).
     */
    @Test
    void sigterm_withSessionStreamsOfSeveralPrincipalsOpen_exits0(@TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh("directory", temp);
        List<String> tokens = List.of(store.token("alice"),
                store.token("bob"));
        try (ServingJar server = store.serve()) {
            List<CompletableFuture<HttpResponse<Void>>> streams = new ArrayList<>();
            for (String token : tokens) {
                for (int i = 0; i < 3; i++) {
                    McpHttp requests = new McpHttp(server.mcp(), token);
                    streams.add(requests.http().sendAsync(requests.legacy(requests.openSession(), "GET", null).build(),
                            HttpResponse.BodyHandlers.discarding()));
                }
            }
            Eventually.until("six GET lines in the access log", Duration.ofSeconds(10),
                    () -> server.accessLog().stream().filter(line -> line.contains(" GET /mcp - principal=")).count()
                            >= 6);

            assertThat(server.terminate(Duration.ofSeconds(20))).as("exit after SIGTERM").contains(0);
            for (CompletableFuture<HttpResponse<Void>> stream : streams) {
                assertThat(stream.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            }
        }
    }

    /** Opens a session as the token's principal, by hand, and returns its id. */
    private static String rawSession(URI mcp, String token) throws Exception {
        return new McpHttp(mcp, token).openSession();
    }

    private static HttpResponse<String> send(URI mcp, String token, String session, String method, String body)
            throws Exception {
        McpHttp requests = new McpHttp(mcp, token);
        return requests.send(requests.legacy(session, method, body));
    }
}

package dev.memdir.e2e;

import static dev.memdir.e2e.support.MemdirUris.INDEX;
import static dev.memdir.e2e.support.MemdirUris.STATUS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.HttpAnswer;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.LineSession;
import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.ModernRequest;
import dev.memdir.e2e.support.ModernSdkClient;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.SubscriptionEvents;
import dev.memdir.memory.postgres.LocalPostgres;
import io.modelcontextprotocol.modern.client.McpSyncClient.Listening;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code memdir serve --http} instances on one PostgreSQL store and namespace, as behind a load balancer: a
 * 2026-07-28 client whose requests alternate between them gets the answers one instance gives, and a write through
 * either reaches a {@code subscriptions/listen} stream held open on the other.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class HttpScaleOutIT {

    @TempDir
    Path temp;

    private ServingJar serve(String store, String name) throws Exception {
        Path project = Files.createDirectories(temp.resolve("project-" + name));
        List<String> args = List.of("serve", "--http", "127.0.0.1:0", "--store", store, "--namespace", "team",
                "--project", project.toString(),
                "--managed-dir", Files.createDirectories(temp.resolve("managed")).toString());
        Path scratch = Files.createDirectories(temp.resolve("serve-" + name));
        return ServingJar.start(JarLauncher.plain(args.toArray(String[]::new))
                .env("HOME", Files.createDirectories(temp.resolve("home")).toString()), scratch);
    }

    /** The requests of the script: the same ids and bodies on every run. */
    private static List<String> script() {
        List<String> requests = new ArrayList<>();
        int id = 1;
        requests.add(ModernRequest.of(id++, "tools/list").line());
        requests.add(ModernRequest.toolCall(id++, "create", Map.of("path", "/memories/notes.md",
                "file_text", "first line\nsecond line\n")));
        requests.add(ModernRequest.toolCall(id++, "create", Map.of("path", "/memories/MEMORY.md",
                "file_text", "- notes.md: two lines\n")));
        requests.add(ModernRequest.toolCall(id++, "view", Map.of("path", "/memories/notes.md")));
        requests.add(ModernRequest.toolCall(id++, "str_replace", Map.of("path", "/memories/notes.md",
                "old_str", "second line", "new_str", "changed line")));
        requests.add(ModernRequest.toolCall(id++, "view", Map.of("path", "/memories/notes.md")));
        requests.add(ModernRequest.toolCall(id++, "insert", Map.of("path", "/memories/notes.md",
                "insert_line", 1, "insert_text", "inserted\n")));
        requests.add(ModernRequest.read(id++, INDEX));
        requests.add(ModernRequest.toolCall(id++, "str_replace", Map.of("path", "/memories/MEMORY.md",
                "old_str", "two lines", "new_str", "three lines")));
        requests.add(ModernRequest.read(id++, INDEX));
        requests.add(ModernRequest.toolCall(id++, "rename", Map.of("old_path", "/memories/notes.md",
                "new_path", "/memories/kept/notes.md")));
        requests.add(ModernRequest.toolCall(id++, "view", Map.of("path", "/memories")));
        requests.add(ModernRequest.toolCall(id++, "view", Map.of("path", "/memories/notes.md")));
        requests.add(ModernRequest.toolCall(id++, "view", Map.of("path", "/memories/kept/notes.md")));
        requests.add(ModernRequest.toolCall(id++, "delete", Map.of("path", "/memories/kept/notes.md")));
        requests.add(ModernRequest.toolCall(id++, "view", Map.of("path", "/memories")));
        requests.add(ModernRequest.of(id++, "resources/list").line());
        return requests;
    }

    /** Sends the script's requests in turn to {@code targets}, one after the other, round-robin. */
    private List<String> run(List<URI> targets) throws Exception {
        List<String> answers = new ArrayList<>();
        List<String> requests = script();
        for (int i = 0; i < requests.size(); i++) {
            answers.add(post(targets.get(i % targets.size()), requests.get(i)));
        }
        return answers;
    }

    /** POSTs one 2026-07-28 request and returns its response's JSON-RPC message (from JSON or an SSE body). */
    private static String post(URI mcp, String request) throws IOException, InterruptedException {
        JsonNode sent = LineSession.JSON.readTree(request);
        String method = sent.get("method").asText();
        McpHttp requests = new McpHttp(mcp, null);
        HttpRequest.Builder builder = requests.modern(method, request);
        JsonNode name = sent.path("params").has("name") ? sent.path("params").get("name")
                : sent.path("params").path("uri");
        if (name.isTextual()) {
            builder.header("Mcp-Name", name.asText());
        }
        HttpResponse<String> response = requests.send(builder);
        assertThat(response.statusCode()).as(method + " answered " + response.body()).isEqualTo(200);
        String body = HttpAnswer.message(response);
        JsonNode message = LineSession.JSON.readTree(body);
        assertThat(message.has("error")).as(method + " answered " + body).isFalse();
        return message.toString();
    }

    private static McpSyncClient modernClient(URI mcp) {
        return ModernSdkClient.over(HttpClientMcpTransport.builder(mcp.toString()).build());
    }

    @Test
    void requestsAlternatingBetweenTwoInstances_answerAsOneInstanceDoes() throws Exception {
        List<String> single;
        try (ServingJar one = serve(LocalPostgres.shared().freshStoreUrl(), "single")) {
            single = run(List.of(one.mcp()));
        }
        String store = LocalPostgres.shared().freshStoreUrl();
        try (ServingJar first = serve(store, "first"); ServingJar second = serve(store, "second")) {
            assertThat(first.port()).isNotEqualTo(second.port());

            List<String> alternating = run(List.of(first.mcp(), second.mcp()));

            assertThat(alternating).containsExactlyElementsOf(single);
            assertThat(String.join("\n", single)).contains("inserted").contains("changed line")
                    .contains("three lines").contains("kept");
            Predicate<String> served = line -> line.contains(" tools/call principal=local 200 ");
            assertThat(first.accessLogOnce(log -> log.stream().anyMatch(served))).anyMatch(served);
            assertThat(second.accessLogOnce(log -> log.stream().anyMatch(served))).anyMatch(served);
        }
    }

    @Test
    void aWriteThroughEitherInstance_reachesAListenStreamHeldOnTheOther() throws Exception {
        String store = LocalPostgres.shared().freshStoreUrl();
        try (ServingJar first = serve(store, "first"); ServingJar second = serve(store, "second")) {
            McpSyncClient onFirst = modernClient(first.mcp());
            McpSyncClient onSecond = modernClient(second.mcp());
            SubscriptionEvents heardOnFirst = new SubscriptionEvents();
            SubscriptionEvents heardOnSecond = new SubscriptionEvents();
            try (Listening firstListen = onFirst.listen().resourceUpdates(INDEX, STATUS).open(heardOnFirst);
                    Listening secondListen = onSecond.listen().resourceUpdates(INDEX).open(heardOnSecond)) {
                heardOnFirst.awaitSubscribed();
                heardOnSecond.awaitSubscribed();

                int beforeFirst = heardOnFirst.mark();
                post(second.mcp(), ModernRequest.toolCall(1, "create", Map.of("path", "/memories/MEMORY.md",
                        "file_text", "- written through the second\n")));
                heardOnFirst.awaitUpdate(beforeFirst, INDEX);
                heardOnFirst.awaitUpdate(beforeFirst, STATUS);

                int beforeSecond = heardOnSecond.mark();
                post(first.mcp(), ModernRequest.toolCall(2, "str_replace", Map.of("path", "/memories/MEMORY.md",
                        "old_str", "second", "new_str", "first")));
                heardOnSecond.awaitUpdate(beforeSecond, INDEX);

                assertThat(post(second.mcp(), ModernRequest.read(3, INDEX))).contains("- written through the first");
            }
        }
    }
}

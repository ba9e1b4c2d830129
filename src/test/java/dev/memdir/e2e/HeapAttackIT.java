package dev.memdir.e2e;

import static dev.memdir.e2e.support.McpHttp.empty;
import static dev.memdir.e2e.support.McpHttp.text;
import static dev.memdir.e2e.support.McpHttp.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.PlainHttp;
import dev.memdir.e2e.support.ModernRequest;
import dev.memdir.e2e.support.ProcessFigures;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.TokenStore;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20, point 3: one principal must not exhaust the heap. The jar runs with a 512 MiB heap; mallory fires
 * {@code tools/list} requests whose params hold about 4 MiB of {@code [[],[],...]} (1.4 million empty arrays) from
 * {@value #MALLORY_THREADS} threads, as fast as its rate lets it ({@value #MALLORY_PER_SECOND} a second), while alice
 * makes ordinary calls and {@code /healthz} is polled: at least {@value #MALLORY_REQUESTS} requests and on until alice
 * has made {@value #ALICE_CALLS} calls and the health check answered {@value #HEALTH_CHECKS} times, at most
 * {@value #MALLORY_AT_MOST}. Every call of alice's is answered correctly, every health check answers 200, the server
 * never runs out of memory and outlives the attack. The store plays no part (mallory's requests are refused before
 * any store is asked), so the directory store only.
 */
@Timeout(value = 420, unit = TimeUnit.SECONDS)
class HeapAttackIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MALLORY_THREADS = 16;
    private static final int MALLORY_REQUESTS = 160;
    private static final int MALLORY_AT_MOST = 600;
    /** memdir's default rate: faster, mallory's requests are only refused for it. */
    private static final int MALLORY_PER_SECOND = 50;
    private static final int ALICE_CALLS = 12;
    private static final int HEALTH_CHECKS = 6;
    /** However the server fares, mallory stops sending after this. */
    private static final Duration ATTACK_AT_MOST = Duration.ofSeconds(120);
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @Test
    void emptyArraysByTheMillion_neverFailAnotherPrincipal(@TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh("directory", temp);
        String alice = store.token("alice");
        String mallory = store.token("mallory");
        Path gcLog = temp.resolve("gc.log");
        try (ServingJar server = store.serveAt(List.of("-Xmx512m", "-Xlog:gc:file=" + gcLog),
                "127.0.0.1:0")) {
            long rssAtStart = ProcessFigures.status(server.process(), "VmRSS");
            McpHttp aliceRequests = new McpHttp(server.mcp(), alice);
            assertThat(text(aliceRequests.call("tools/call", tool("create", Map.of("path", "/memories/a.md",
                    "file_text", "alpha"))))).contains("created");

            AtomicBoolean attacking = new AtomicBoolean(true);
            List<String> aliceFailures = Collections.synchronizedList(new ArrayList<>());
            AtomicLong aliceCalls = new AtomicLong();
            AtomicLong aliceSlowest = new AtomicLong();
            List<String> healthFailures = Collections.synchronizedList(new ArrayList<>());
            AtomicLong healthChecks = new AtomicLong();
            ExecutorService watchers = Executors.newFixedThreadPool(2);
            Future<?> aliceDone = watchers.submit(() -> aliceCalls(aliceRequests, attacking, aliceFailures,
                    aliceCalls, aliceSlowest));
            Future<?> healthDone = watchers.submit(() -> healthChecks(server.base().resolve("/healthz"), attacking,
                    healthFailures, healthChecks));
            Map<String, Integer> malloryAnswers;
            long attackMillis;
            try {
                long started = System.nanoTime();
                malloryAnswers = attack(server.mcp(), mallory,
                        () -> aliceCalls.get() >= ALICE_CALLS && healthChecks.get() >= HEALTH_CHECKS);
                attackMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            } finally {
                attacking.set(false);
                watchers.shutdown();
            }
            // Each call has its patience; alice ends after the one she is in (three, at most).
            aliceDone.get(4 * PATIENCE.toSeconds(), TimeUnit.SECONDS);
            healthDone.get(2 * PATIENCE.toSeconds(), TimeUnit.SECONDS);

            boolean alive = server.process().isAlive();
            long rssAtEnd = alive ? ProcessFigures.status(server.process(), "VmRSS") : -1;
            long rssPeak = alive ? ProcessFigures.status(server.process(), "VmHWM") : -1;
            System.out.printf("[HeapAttackIT] %d ms of attack; mallory's answers %s; alice: %d calls, %d failed,"
                    + " slowest %d ms; /healthz: %d checks, %d failed; RSS %d MiB at start, %d MiB at the end, peak"
                    + " %d MiB; heap at most %d MiB when a collection began, %d collections; OutOfMemoryError in"
                    + " stderr: %s%n", attackMillis, malloryAnswers, aliceCalls.get(), aliceFailures.size(),
                    aliceSlowest.get(), healthChecks.get(), healthFailures.size(), rssAtStart / 1024,
                    rssAtEnd / 1024, rssPeak / 1024, ProcessFigures.mostHeapAtGc(gcLog),
                    ProcessFigures.collections(gcLog), server.stderr().contains("OutOfMemoryError"));

            assertThat(alive).as("the server outlived the attack").isTrue();
            assertThat(server.stderr()).doesNotContain("OutOfMemoryError");
            assertThat(aliceFailures).as("alice's calls that failed").isEmpty();
            assertThat(healthFailures).as("health checks that failed").isEmpty();
            assertThat(aliceCalls.get()).as("alice's calls during the attack").isGreaterThanOrEqualTo(ALICE_CALLS);
            assertThat(healthChecks.get()).as("health checks during the attack").isGreaterThanOrEqualTo(HEALTH_CHECKS);
            // After the attack too: a plain call and the health check.
            assertThat(text(aliceRequests.call("tools/call", tool("view", Map.of("path", "/memories/a.md")))))
                    .isEqualTo("Here's the content of /memories/a.md with line numbers:\n     1\talpha");
            assertThat(new PlainHttp().patience(PATIENCE).get(server.base().resolve("/healthz")).statusCode())
                    .isEqualTo(200);
        }
    }

    /**
     * Mallory's requests, until at least {@value #MALLORY_REQUESTS} are sent and {@code othersDone}, or
     * {@value #MALLORY_AT_MOST} are, or the time is up: the answers by status ("failed" for none).
     */
    private static Map<String, Integer> attack(URI mcp, String token, BooleanSupplier othersDone)
            throws Exception {
        byte[] body = arraysBody(4 * 1024 * 1024 - 1024);
        PlainHttp http = PlainHttp.http11().patience(PATIENCE);
        Map<String, String> head = Map.of("Authorization", "Bearer " + token, "Content-Type", "application/json",
                "Accept", "application/json, text/event-stream", "MCP-Protocol-Version", ModernRequest.VERSION,
                "Mcp-Method", "tools/list");
        Map<String, Integer> answers = Collections.synchronizedMap(new TreeMap<>());
        long started = System.nanoTime();
        long deadline = started + ATTACK_AT_MOST.toNanos();
        ExecutorService threads = Executors.newFixedThreadPool(MALLORY_THREADS);
        AtomicInteger sent = new AtomicInteger();
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int t = 0; t < MALLORY_THREADS; t++) {
                running.add(threads.submit(() -> {
                    for (int i = sent.getAndIncrement(); i < MALLORY_AT_MOST && System.nanoTime() < deadline
                            && (i < MALLORY_REQUESTS || !othersDone.getAsBoolean()); i = sent.getAndIncrement()) {
                        pause(TimeUnit.NANOSECONDS.toMillis(started + i * TimeUnit.SECONDS.toNanos(1)
                                / MALLORY_PER_SECOND - System.nanoTime()));
                        String outcome;
                        try {
                            outcome = Integer.toString(http.send("POST", mcp,
                                    HttpRequest.BodyPublishers.ofByteArray(body), head).statusCode());
                        } catch (Exception e) {
                            outcome = "failed";
                        }
                        answers.merge(outcome, 1, Integer::sum);
                    }
                    return null;
                }));
            }
            for (Future<?> thread : running) {
                thread.get(ATTACK_AT_MOST.toSeconds() + 2 * PATIENCE.toSeconds(), TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdownNow();
        }
        return answers;
    }

    /** A 2026-07-28 {@code tools/list} of {@code size} bytes whose params hold an array of empty arrays. */
    static byte[] arraysBody(int size) {
        String head = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"mallory\",\"version\":\"1\"},"
                + "\"io.modelcontextprotocol/clientCapabilities\":{}},\"x\":[[]";
        String tail = "]}}";
        int arrays = (size - head.length() - tail.length()) / 3;
        return (head + ",[]".repeat(arrays) + tail).getBytes(StandardCharsets.US_ASCII);
    }

    /** Alice's ordinary calls, one after another while the attack lasts: each must answer what it should. */
    private static Void aliceCalls(McpHttp alice, AtomicBoolean attacking, List<String> failures,
            AtomicLong calls, AtomicLong slowest) {
        for (int i = 0; attacking.get(); i++) {
            String path = "/memories/during-" + i + ".md";
            long started = System.nanoTime();
            try {
                check(failures, "create " + i, text(answer(alice, "tools/call", tool("create", Map.of("path", path,
                        "file_text", "call " + i)))), "File created successfully at: " + path);
                check(failures, "view " + i, text(answer(alice, "tools/call", tool("view", Map.of("path", path)))),
                        "Here's the content of " + path + " with line numbers:\n     1\tcall " + i);
                JsonNode tools = answer(alice, "tools/list", empty());
                if (!tools.path("result").path("tools").toString().contains("\"name\":\"view\"")) {
                    failures.add("tools/list " + i + ": " + tools);
                }
            } catch (Exception e) {
                failures.add("call " + i + ": " + e);
            }
            calls.addAndGet(3);
            slowest.accumulateAndGet(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), Math::max);
            pause(200);
        }
        return null;
    }

    private static JsonNode answer(McpHttp requests, String method, com.fasterxml.jackson.databind.node
            .ObjectNode params) throws Exception {
        HttpResponse<String> response = requests.post(method, params);
        if (response.statusCode() != 200) {
            throw new IllegalStateException(method + " answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }

    private static void check(List<String> failures, String call, String actual, String expected) {
        if (!actual.equals(expected)) {
            failures.add(call + ": " + actual);
        }
    }

    private static Void healthChecks(URI health, AtomicBoolean attacking, List<String> failures, AtomicLong checks) {
        PlainHttp http = new PlainHttp().patience(PATIENCE);
        while (attacking.get()) {
            try {
                HttpResponse<String> answer = http.get(health);
                if (answer.statusCode() != 200) {
                    failures.add(answer.statusCode() + " " + answer.body());
                }
            } catch (Exception e) {
                failures.add(e.toString());
            }
            checks.incrementAndGet();
            pause(500);
        }
        return null;
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(Math.max(0, millis));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.EveryStoreTest;
import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.ModernRequest;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.TokenStore;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Attack: behind a proxy every client shares the proxy's address, and the limiter of requests refused for their
 * credentials (429, checked before the credentials) was keyed on it: ~90 made-up tokens a second from anywhere gave
 * 16 of 18 of alice's valid requests a 429. The test is the proxy (its requests come from 127.0.0.1, given as
 * {@code --trusted-proxy}), forwarding mallory's made-up tokens for many clients and alice's valid ones, from her
 * own address and from one she shares with mallory: every request of alice's is served, while mallory's own
 * address is still slowed. Without {@code --trusted-proxy} the header is a client's word: a forged
 * {@code X-Forwarded-For} leaves a client in its own bucket.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ProxyRefusalsAttackIT {

    private static final String MALLORY = "198.51.100.66";
    private static final String ALICE = "198.51.100.20";
    private static final int ALICE_REQUESTS = 18;
    /** One made-up token every 11 ms (~90 a second) while alice makes her requests, one every 333 ms. */
    private static final long FLOOD_EVERY_MILLIS = 11;

    @EveryStoreTest
    void behindATrustedProxy_othersBadTokensNeverRefuseAValidOne(String storeKind, @TempDir Path temp)
            throws Exception {
        TokenStore store = TokenStore.fresh(storeKind, temp);
        String alice = store.token("alice");
        try (ServingJar server = store.serve("--trusted-proxy", "127.0.0.1/32")) {
            McpHttp requests = new McpHttp(server.mcp(), null);
            List<CompletableFuture<HttpResponse<String>>> fromMallory = new ArrayList<>();
            List<CompletableFuture<HttpResponse<String>>> fromMalloryItself = new ArrayList<>();
            ScheduledExecutorService flood = Executors.newSingleThreadScheduledExecutor();
            int[] sent = {0};
            flood.scheduleAtFixedRate(() -> {
                int i = sent[0]++;
                // Every third from mallory's own address, the rest from made-up clients (203.0.113.x).
                String client = i % 3 == 0 ? MALLORY : "203.0.113." + (i % 250);
                CompletableFuture<HttpResponse<String>> answer = requests.http().sendAsync(
                        refused(requests, i, client), HttpResponse.BodyHandlers.ofString());
                (client.equals(MALLORY) ? fromMalloryItself : fromMallory).add(answer);
            }, 0, FLOOD_EVERY_MILLIS, TimeUnit.MILLISECONDS);
            List<Integer> aliceStatuses = new ArrayList<>();
            try {
                Thread.sleep(1000); // the flood is under way
                for (int i = 0; i < ALICE_REQUESTS; i++) {
                    String client = i % 2 == 0 ? ALICE : MALLORY;
                    aliceStatuses.add(requests.http().send(discover(requests, alice, client),
                            HttpResponse.BodyHandlers.ofString()).statusCode());
                    Thread.sleep(333);
                }
            } finally {
                flood.shutdown();
                assertThat(flood.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
            }
            Map<Integer, Long> others = statuses(fromMallory);
            Map<Integer, Long> itself = statuses(fromMalloryItself);
            System.err.println("ProxyRefusalsAttackIT (" + storeKind + "): alice " + aliceStatuses
                    + "; made-up clients " + others + "; mallory's own address " + itself);

            assertThat(aliceStatuses).as("alice's requests, half from mallory's address").containsOnly(200)
                    .hasSize(ALICE_REQUESTS);
            assertThat(others.keySet()).as("each made-up client has a bucket of its own").containsOnly(401);
            assertThat(itself).as("mallory's own address is slowed").containsKey(429);
        }
    }

    @Test
    void withoutTrustedProxy_aForgedForwardedForLeavesAClientInItsBucket(@TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh("directory", temp);
        String alice = store.token("alice");
        try (ServingJar server = store.serve()) {
            McpHttp requests = new McpHttp(server.mcp(), null);
            List<CompletableFuture<HttpResponse<String>>> forged = new ArrayList<>();
            List<Integer> aliceStatuses = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                forged.add(requests.http().sendAsync(refused(requests, i, "203.0.113." + (i % 250)),
                        HttpResponse.BodyHandlers.ofString()));
                if (forged.size() % 8 == 0) {
                    forged.get(forged.size() - 1).get(30, TimeUnit.SECONDS);
                }
                if (i % 10 == 9) {
                    aliceStatuses.add(requests.http().send(discover(requests, alice, ALICE),
                            HttpResponse.BodyHandlers.ofString()).statusCode());
                }
            }
            Map<Integer, Long> answered = statuses(forged);
            System.err.println("ProxyRefusalsAttackIT (no --trusted-proxy): forged " + answered + "; alice "
                    + aliceStatuses);

            assertThat(answered).as("the forged addresses share the socket's bucket").containsKey(429);
            assertThat(answered.keySet()).containsOnly(401, 429);
            assertThat(aliceStatuses).as("a valid token is served whatever the address sent").containsOnly(200);
        }
    }

    private static HttpRequest discover(McpHttp requests, String token, String forwardedFor) {
        return requests.as(token).modern("server/discover", ModernRequest.of(1, "server/discover").line())
                .header("X-Forwarded-For", forwardedFor).build();
    }

    /**
     * A GET with a token of memdir's form that no store holds (a GET, so that a refusal leaves no body unread and
     * the connection is kept for the next).
     */
    private static HttpRequest refused(McpHttp requests, int i, String forwardedFor) {
        return requests.as("mdt_" + String.format("%043d", i)).legacy(null, "GET", null)
                .header("X-Forwarded-For", forwardedFor).build();
    }

    private static Map<Integer, Long> statuses(List<CompletableFuture<HttpResponse<String>>> answers)
            throws Exception {
        List<Integer> statuses = new ArrayList<>();
        for (CompletableFuture<HttpResponse<String>> answer : answers) {
            statuses.add(answer.get(60, TimeUnit.SECONDS).statusCode());
        }
        return statuses.stream().collect(Collectors.groupingBy(status -> status, Collectors.counting()));
    }
}

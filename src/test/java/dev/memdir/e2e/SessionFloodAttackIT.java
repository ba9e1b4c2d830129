package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.TokenStore;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Attack: one principal begins thousands of 2025-11-25 sessions (initialize after initialize, never ending one),
 * within its rate: before the fix all 5,000 of 5 s were kept, each holding memory until an idle sweep. At most
 * {@link #CAP} stay open: past the cap the least recently used ends (its client gets 404 and, as the protocol has
 * it, begins another), the newest are served, and a new session is never refused.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SessionFloodAttackIT {

    /** The sessions one principal may have open (PrincipalSessions.CAP). */
    private static final int CAP = 100;
    private static final int SESSIONS = 2_000;
    private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}";

    @Test
    void thousandsOfInitialize_leaveAtMostTheCapOpen_theNewestServed(@TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh("directory", temp);
        String token = store.token("alice");
        // The flood stays within the principal's rate: what is left open must not depend on the rate refusing it.
        try (ServingJar server = store.serve("--rate", "100000")) {
            McpHttp requests = new McpHttp(server.mcp(), token);
            List<String> begun = Collections.synchronizedList(new ArrayList<>());
            long start = System.nanoTime();
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<?>> sent = new ArrayList<>();
                for (int i = 0; i < SESSIONS; i++) {
                    sent.add(pool.submit(() -> {
                        HttpResponse<String> answer = requests.send(requests.legacy(null, "POST", McpHttp.INITIALIZE));
                        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
                        begun.add(answer.headers().firstValue("Mcp-Session-Id").orElseThrow());
                        return null;
                    }));
                }
                for (Future<?> answer : sent) {
                    answer.get(120, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            long floodMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            List<String> open = new ArrayList<>();
            HttpResponse<String> gone = null;
            for (String session : begun) {
                HttpResponse<String> answer = requests.send(requests.legacy(session, "POST", PING));
                assertThat(answer.statusCode()).as(answer.body()).isIn(200, 404);
                if (answer.statusCode() == 200) {
                    open.add(session);
                } else if (gone == null) {
                    gone = answer;
                }
            }
            System.err.println("SessionFloodAttackIT: " + SESSIONS + " initialize in " + floodMillis + " ms left "
                    + open.size() + " sessions open");
            assertThat(open).hasSizeLessThanOrEqualTo(CAP);
            assertThat(open).containsAll(begun.subList(SESSIONS - CAP / 2, SESSIONS));
            assertThat(gone).isNotNull();
            assertThat(gone.body()).contains("Session not found");
            String another = requests.openSession();
            assertThat(requests.send(requests.legacy(another, "POST", PING)).statusCode()).isEqualTo(200);
        }
    }
}

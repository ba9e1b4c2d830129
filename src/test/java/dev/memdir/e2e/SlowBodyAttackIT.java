package dev.memdir.e2e;

import static dev.memdir.e2e.support.McpHttp.text;
import static dev.memdir.e2e.support.McpHttp.tool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.PlainHttp;
import dev.memdir.e2e.support.ModernRequest;
import dev.memdir.e2e.support.ProcessFigures;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.TokenStore;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20, point 4: slow bodies must not block every thread. Mallory opens {@value #CONNECTIONS} connections from
 * 127.0.0.2 (another client address than alice's 127.0.0.1), as fast as mallory's rate lets them in, each a request
 * with mallory's token, {@code
 * Content-Length: 100000} and then one byte every {@value #TRICKLE_SECONDS} s, for {@link #ATTACK}. Meanwhile alice's
 * calls and {@code /healthz} are each answered within {@link #ANSWERED_WITHIN}, and the server closes every one of
 * mallory's connections before the attack ends. The store plays no part, so the directory store only.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class SlowBodyAttackIT {

    private static final int CONNECTIONS = 220;
    private static final int TRICKLE_SECONDS = 8;
    private static final Duration ATTACK = Duration.ofSeconds(48);
    /** Generous: an answer takes milliseconds; without the fix alice waited for the whole attack. */
    private static final Duration ANSWERED_WITHIN = Duration.ofSeconds(10);

    @Test
    void trickledBodies_neverStallAnotherPrincipal(@TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh("directory", temp);
        String alice = store.token("alice");
        String mallory = store.token("mallory");
        try (ServingJar server = store.serve()) {
            long threadsAtStart = ProcessFigures.status(server.process(), "Threads");
            McpHttp aliceRequests = new McpHttp(server.mcp(), alice);
            assertThat(text(aliceRequests.call("tools/call", tool("create", Map.of("path", "/memories/a.md",
                    "file_text", "alpha\n"))))).contains("created");

            Trickle trickle = new Trickle(server.port(), mallory);
            AtomicBoolean attacking = new AtomicBoolean(true);
            List<String> failures = Collections.synchronizedList(new ArrayList<>());
            AtomicLong aliceCalls = new AtomicLong();
            AtomicLong longestWait = new AtomicLong();
            AtomicLong mostThreads = new AtomicLong(threadsAtStart);
            ExecutorService watchers = Executors.newFixedThreadPool(2);
            try {
                trickle.open(CONNECTIONS);
                Future<?> alicesCalls = watchers.submit(() -> aliceCalls(aliceRequests, server.base(), attacking,
                        failures, aliceCalls, longestWait));
                Future<?> threads = watchers.submit(() -> {
                    while (attacking.get()) {
                        mostThreads.accumulateAndGet(ProcessFigures.status(server.process(), "Threads"), Math::max);
                        Thread.sleep(500);
                    }
                    return null;
                });
                trickle.run(ATTACK, TRICKLE_SECONDS);
                attacking.set(false);
                alicesCalls.get(ATTACK.toSeconds() + 60, TimeUnit.SECONDS);
                threads.get(10, TimeUnit.SECONDS);
            } finally {
                attacking.set(false);
                watchers.shutdownNow();
                trickle.close();
            }
            System.out.printf("[SlowBodyAttackIT] %d connections: %d closed by the server within %d s (%d of them"
                    + " within 1 s of opening, the last %d ms after it), answers they got %s; alice: %d calls and"
                    + " health checks,"
                    + " %d failed, the longest wait %d ms; threads %d at start, at most %d during the attack%n",
                    CONNECTIONS, trickle.closedByServer(), ATTACK.toSeconds(), trickle.closedWithin(1_000),
                    trickle.lastClosedMillis(), trickle.statusLines(), aliceCalls.get(), failures.size(),
                    longestWait.get(), threadsAtStart, mostThreads.get());

            assertThat(failures).as("alice's calls and health checks that failed or waited").isEmpty();
            assertThat(aliceCalls.get()).as("alice called throughout").isGreaterThan(10);
            assertThat(trickle.closedByServer()).as("slow connections the server cut").isEqualTo(CONNECTIONS);
            assertThat(server.process().isAlive()).isTrue();
        }
    }

    /** Alice's calls and a health check, one after another, each answered correctly and in time. */
    private static Void aliceCalls(McpHttp alice, URI base, AtomicBoolean attacking, List<String> failures,
            AtomicLong calls, AtomicLong longestWait) {
        PlainHttp http = new PlainHttp().patience(ATTACK.plusSeconds(30));
        for (int i = 0; attacking.get(); i++) {
            String path = "/memories/during-" + i + ".md";
            long started = System.nanoTime();
            try {
                HttpResponse<String> created = alice.post("tools/call", tool("create", Map.of("path", path,
                        "file_text", "call " + i + "\n")));
                waited(failures, "create " + i, started, longestWait);
                if (created.statusCode() != 200 || !created.body().contains("File created successfully at: " + path)) {
                    failures.add("create " + i + ": " + created.statusCode() + " " + created.body());
                }
                started = System.nanoTime();
                HttpResponse<String> health = http.get(base.resolve("/healthz"));
                waited(failures, "/healthz " + i, started, longestWait);
                if (health.statusCode() != 200) {
                    failures.add("/healthz " + i + ": " + health.statusCode());
                }
            } catch (Exception e) {
                waited(failures, "call " + i, started, longestWait);
                failures.add("call " + i + ": " + e);
            }
            calls.addAndGet(2);
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                return null;
            }
        }
        return null;
    }

    private static void waited(List<String> failures, String call, long started, AtomicLong longest) {
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        longest.accumulateAndGet(millis, Math::max);
        if (millis > ANSWERED_WITHIN.toMillis()) {
            failures.add(call + " waited " + millis + " ms");
        }
    }

    /**
     * Mallory's connections, all on one selector thread: each sends a request head and then a byte at a time; the
     * time the server closed each is noted, and the status line of any answer it sent first.
     */
    private static final class Trickle implements AutoCloseable {

        static final int OPENED_PER_SECOND = 30;

        private final int port;
        private final String token;
        private final Selector selector;
        private final List<SocketChannel> channels = new ArrayList<>();
        private final Map<SocketChannel, StringBuilder> received = new java.util.HashMap<>();
        private final Map<SocketChannel, Long> openedAt = new java.util.HashMap<>();
        private final Map<SocketChannel, Long> closedAt = new java.util.HashMap<>();
        private long started;

        Trickle(int port, String token) throws IOException {
            this.port = port;
            this.token = token;
            this.selector = Selector.open();
        }

        /** Opens {@code count} connections, {@value #OPENED_PER_SECOND} a second: within mallory's rate. */
        void open(int count) throws IOException {
            String head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer " + token
                    + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                    + "MCP-Protocol-Version: " + ModernRequest.VERSION + "\r\nMcp-Method: tools/list\r\n"
                    + "Content-Length: 100000\r\n\r\n{";
            started = System.nanoTime();
            for (int i = 0; i < count; i++) {
                long due = started + i * TimeUnit.SECONDS.toNanos(1) / OPENED_PER_SECOND;
                heard(Math.max(1, TimeUnit.NANOSECONDS.toMillis(due - System.nanoTime())));
                SocketChannel channel = SocketChannel.open();
                channel.bind(new InetSocketAddress("127.0.0.2", 0));
                channel.connect(new InetSocketAddress("127.0.0.1", port));
                channels.add(channel);
                openedAt.put(channel, System.nanoTime());
                received.put(channel, new StringBuilder());
                try {
                    channel.write(ByteBuffer.wrap(head.getBytes(StandardCharsets.US_ASCII)));
                } catch (IOException closed) {
                    closed(channel);
                    continue;
                }
                channel.configureBlocking(false);
                channel.register(selector, SelectionKey.OP_READ);
            }
        }

        /** Sends a byte on every open connection each {@code seconds} and notes what comes back, for {@code time}. */
        void run(Duration time, int seconds) throws IOException {
            long end = System.nanoTime() + time.toNanos();
            long nextByte = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() < end) {
                heard(Math.max(1, TimeUnit.NANOSECONDS.toMillis(Math.min(end, nextByte) - System.nanoTime())));
                if (System.nanoTime() >= nextByte) {
                    for (SocketChannel channel : channels) {
                        if (!closedAt.containsKey(channel)) {
                            try {
                                channel.write(ByteBuffer.wrap(new byte[] {' '}));
                            } catch (IOException closed) {
                                closed(channel);
                            }
                        }
                    }
                    nextByte += TimeUnit.SECONDS.toNanos(seconds);
                }
            }
        }

        /** Notes what the server sent or closed within {@code millis}. */
        private void heard(long millis) throws IOException {
            selector.select(millis);
            ByteBuffer buffer = ByteBuffer.allocate(4096);
            for (SelectionKey key : selector.selectedKeys()) {
                SocketChannel channel = (SocketChannel) key.channel();
                int read;
                try {
                    read = channel.read(buffer.clear());
                } catch (IOException reset) {
                    read = -1;
                }
                if (read < 0) {
                    key.cancel();
                    closed(channel);
                } else {
                    received.get(channel).append(new String(buffer.array(), 0, read, StandardCharsets.ISO_8859_1));
                }
            }
            selector.selectedKeys().clear();
        }

        private void closed(SocketChannel channel) {
            closedAt.putIfAbsent(channel, System.nanoTime());
        }

        int closedByServer() {
            return closedAt.size();
        }

        /** Returns how many connections were closed within {@code millis} of their opening. */
        long closedWithin(long millis) {
            return closedAt.entrySet().stream().filter(closed -> closed.getValue() - openedAt.get(closed.getKey())
                    <= TimeUnit.MILLISECONDS.toNanos(millis)).count();
        }

        /** Returns how long after its opening the last connection to be closed was closed. */
        long lastClosedMillis() {
            return closedAt.entrySet().stream().mapToLong(closed -> TimeUnit.NANOSECONDS.toMillis(closed.getValue()
                    - openedAt.get(closed.getKey()))).max().orElse(-1);
        }

        /** Returns how many connections got each first line of an answer ("none" for no answer). */
        Map<String, Long> statusLines() {
            Map<String, Long> lines = new java.util.TreeMap<>();
            for (StringBuilder answer : received.values()) {
                String line = answer.length() == 0 ? "none" : answer.toString().lines().findFirst().orElse("none");
                lines.merge(line, 1L, Long::sum);
            }
            return lines;
        }

        @Override
        public void close() throws IOException {
            for (SocketChannel channel : channels) {
                channel.close();
            }
            selector.close();
        }
    }
}

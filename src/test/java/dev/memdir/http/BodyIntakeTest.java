package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.Eventually;
import dev.memdir.auth.Authentication;
import dev.memdir.auth.Authenticator;
import dev.memdir.auth.Principal;
import dev.memdir.config.HttpAddress;
import dev.memdir.config.Settings;
import dev.memdir.config.SettingsResolver;
import dev.memdir.json.SharedJson;
import dev.memdir.server.ServedMemory;
import dev.memdir.wiring.StoreChoice;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the front servlet takes in a body, on a real Jetty with a real namespace server: what it may cost (its JSON,
 * the bytes in flight), how slowly it may come, and how many connections an address may hold.
 */
class BodyIntakeTest {

    private static final String TOOLS_LIST = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{"
            + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"t\",\"version\":\"1\"},"
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

    @TempDir
    Path temp;

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final List<Socket> sockets = new ArrayList<>();
    private NamespaceServer namespace;
    private Server server;
    private int port;

    /** Serves ann's namespace with {@code limits}; connections from {@code uncounted} addresses are not counted. */
    private void start(RequestLimits limits, Predicate<InetAddress> uncounted) throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        Settings settings = new SettingsResolver(Map.of("MEMDIR_HOME", home.resolve(".memdir").toString()), home,
                temp).resolve(Map.of("root", temp.resolve("memory").toString(),
                        "project", Files.createDirectories(temp.resolve("project")).toString(),
                        "managed-dir", Files.createDirectories(temp.resolve("managed")).toString()));
        namespace = new NamespaceServer(ServedMemory.open(settings, "0", StoreChoice.open(settings, "s-1"), "s-1"),
                SharedJson.mcp(), (int) limits.maxRequestBytes(), limits.parse());
        Principal ann = new Principal("ann", "team", false);
        Authenticator asAnn = authorization -> new Authentication.Accepted(ann);
        FrontServlet front = new FrontServlet(new HostAndOrigin("127.0.0.1", true, List.of()), asAnn,
                new RateLimiter(1000), new RefusalsByClient(new RateLimiter(1000), TrustedProxies.NONE),
                new CredentialHolds(asAnn), limits, new SingleNamespace("team", false, namespace),
                new AccessLog(new PrintStream(log, true, StandardCharsets.UTF_8)), new Drain(), Map.of());
        server = HttpServe.jetty(new HttpAddress("127.0.0.1", 0), Optional.empty(), front, uncounted);
        server.start();
        port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    private void start(RequestLimits limits) throws Exception {
        start(limits, address -> false);
    }

    private static RequestLimits limits(BytesInFlight inFlight, Duration deadline) {
        return new RequestLimits(4096, inFlight, new ParseLimits(4096), deadline);
    }

    /** Waits until ann holds at least {@code bytes} of her {@code share}: a body the server has begun to read. */
    private static void awaitHeld(BytesInFlight inFlight, long share, long bytes) throws InterruptedException {
        Eventually.until("ann to hold " + bytes + " bytes", Duration.ofSeconds(10), () -> {
            try (BytesInFlight.Reservation probe = inFlight.open("ann")) {
                return probe.growTo(share - bytes + 1).isPresent();
            }
        });
    }

    @AfterEach
    void stop() throws Exception {
        for (Socket socket : sockets) {
            socket.close();
        }
        if (server != null) {
            server.stop();
        }
        if (namespace != null) {
            namespace.close();
        }
    }

    /**
     * A connection from {@code from} that has sent the head of a POST to /mcp with {@code headers} after; the server
     * closes it once it has answered.
     */
    private Socket post(String from, String headers) throws IOException {
        Socket socket = new Socket();
        sockets.add(socket);
        socket.bind(new InetSocketAddress(from, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port));
        socket.setSoTimeout(20_000);
        send(socket, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                + "Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2026-07-28\r\n"
                + "Mcp-Method: tools/list\r\nConnection: close\r\n" + headers + "\r\n");
        return socket;
    }

    private static void send(Socket socket, String text) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Reads what the server sent until it closed the connection, or up to the end of one answer's body. */
    private static String answer(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        int length = -1;
        for (int b = in.read(); b >= 0; b = in.read()) {
            all.write(b);
            String text = all.toString(StandardCharsets.UTF_8);
            int head = text.indexOf("\r\n\r\n");
            if (head >= 0 && length < 0) {
                java.util.regex.Matcher declared = java.util.regex.Pattern.compile("(?i)content-length: (\\d+)")
                        .matcher(text.substring(0, head));
                length = declared.find() ? Integer.parseInt(declared.group(1)) : Integer.MAX_VALUE;
            }
            if (head >= 0 && text.length() - head - 4 >= length) {
                break;
            }
        }
        return all.toString(StandardCharsets.UTF_8);
    }

    private static String body(String answer) {
        return answer.substring(answer.indexOf("\r\n\r\n") + 4);
    }

    @Test
    void aBodyOverAParseLimit_is400WithTheJsonRpcError_beforeAnyTransportParsesIt() throws Exception {
        start(RequestLimits.of(1 << 20));
        String arrays = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\",\"params\":{\"x\":[[]"
                + ",[]".repeat(20_000) + "]}}";
        Socket socket = post("127.0.0.1", "Content-Length: " + arrays.length() + "\r\n");
        send(socket, arrays);

        String answer = answer(socket);

        assertThat(answer).startsWith("HTTP/1.1 400 ");
        assertThat(body(answer)).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":9,\"error\":{\"code\":-32600,"
                + "\"message\":\"Invalid Request: the request holds more than 10000 JSON tokens\"}}\n");
    }

    @Test
    void aBodyWithinTheLimits_isServed_afterItsBytesCameInParts() throws Exception {
        start(RequestLimits.of(1 << 20));
        Socket socket = post("127.0.0.1", "Content-Length: " + TOOLS_LIST.length() + "\r\n");
        send(socket, TOOLS_LIST.substring(0, 40));
        Thread.sleep(300);
        send(socket, TOOLS_LIST.substring(40));

        String answer = answer(socket);

        assertThat(answer).startsWith("HTTP/1.1 200 ");
        assertThat(body(answer)).contains("\"name\":\"view\"");
    }

    @Test
    void aPrincipalOverItsShareOfBytesInFlight_gets429_untilItsBodyIsDone() throws Exception {
        BytesInFlight inFlight = new BytesInFlight(1000, 4000);
        start(limits(inFlight, Duration.ofSeconds(30)));
        Socket holding = post("127.0.0.1", "Content-Length: 900\r\n");
        send(holding, "{");
        awaitHeld(inFlight, 1000, 900);

        Socket refused = post("127.0.0.1", "Content-Length: " + TOOLS_LIST.length() + "\r\n");
        String answer = answer(refused);

        assertThat(answer).startsWith("HTTP/1.1 429 ").containsIgnoringCase("Retry-After: 1\r\n");
        assertThat(body(answer))
                .isEqualTo("{\"error\":\"too many request bytes in flight from ann; retry after 1 s\"}\n");
        holding.close();
        assertThat(servedEventually("127.0.0.1")).as("served once the first body was given up").isTrue();
    }

    @Test
    void theServerOverItsBytesInFlight_gets503() throws Exception {
        BytesInFlight inFlight = new BytesInFlight(4000, 1000);
        start(limits(inFlight, Duration.ofSeconds(30)));
        send(post("127.0.0.1", "Content-Length: 900\r\n"), "{");
        awaitHeld(inFlight, 1000, 900);

        String answer = answer(post("127.0.0.1", "Content-Length: 200\r\n"));

        assertThat(answer).startsWith("HTTP/1.1 503 ").containsIgnoringCase("Retry-After: 1\r\n");
        assertThat(body(answer)).isEqualTo("{\"error\":\"too many request bytes in flight; retry after 1 s\"}\n");
    }

    @Test
    void aChunkedBody_reservesAsItComes_andIsCutPastTheSize() throws Exception {
        start(limits(new BytesInFlight(100_000, 100_000), Duration.ofSeconds(30)));
        Socket socket = post("127.0.0.1", "Transfer-Encoding: chunked\r\n");
        String chunk = "x".repeat(2000);
        StringBuilder chunks = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            chunks.append(Integer.toHexString(chunk.length())).append("\r\n").append(chunk).append("\r\n");
        }
        send(socket, chunks.toString());

        String answer = answer(socket);

        assertThat(answer).startsWith("HTTP/1.1 413 ");
        assertThat(body(answer))
                .isEqualTo("{\"error\":\"the request body is over 4096 bytes (--max-request-bytes)\"}\n");
    }

    @Test
    void aTrickledBody_gets408_onceItIsSlowerThanTheMinimumRate() throws Exception {
        start(RequestLimits.of(1 << 20));
        Socket socket = post("127.0.0.1", "Content-Length: 1000\r\n");
        send(socket, "{");
        // A pause within the grace is no trickle; past it, the two bytes are far under the rate.
        Thread.sleep(BodyRead.RATE_GRACE.toMillis() - 2_000);
        send(socket, " ");
        Thread.sleep(3_500);
        send(socket, " ");

        String answer = answer(socket);

        assertThat(answer).startsWith("HTTP/1.1 408 ");
        assertThat(body(answer)).isEqualTo("{\"error\":\"the request body came slower than 1024 bytes a second\"}\n");
        // The body never came whole, so the log has no method of it (a header's would be the client's word only).
        assertThat(logOnceItHas("principal=ann 408 ")).contains("memdir: http POST /mcp - principal=ann 408 ");
    }

    @Test
    void aBodyNotAllThereByTheDeadline_gets408() throws Exception {
        start(limits(new BytesInFlight(100_000, 100_000), Duration.ofSeconds(1)));
        Socket socket = post("127.0.0.1", "Content-Length: 1000\r\n");

        String answer = answer(socket);

        assertThat(answer).startsWith("HTTP/1.1 408 ");
        assertThat(body(answer)).isEqualTo("{\"error\":\"the request body did not arrive within 1 s\"}\n");
    }

    @Test
    void anAddress_holdsAtMostItsConnections_andAnUncountedOneAnyNumber() throws Exception {
        start(RequestLimits.of(1 << 20), address -> address.getHostAddress().equals("127.0.0.4"));
        List<Socket> open = new ArrayList<>();
        for (int i = 0; i <= ConnectionsPerAddress.MOST; i++) {
            open.add(post("127.0.0.3", "Content-Length: 1000\r\n"));
        }

        // Which one is closed depends on the order the server saw them in.
        List<Socket> closed = closedAmong(open);
        assertThat(closed).as("closed before anything was answered").hasSize(1);
        Socket otherAddress = post("127.0.0.5", "Content-Length: " + TOOLS_LIST.length() + "\r\n");
        send(otherAddress, TOOLS_LIST);
        assertThat(answer(otherAddress)).startsWith("HTTP/1.1 200 ");
        for (int i = 0; i <= ConnectionsPerAddress.MOST; i++) {
            post("127.0.0.4", "Content-Length: 1000\r\n");
        }
        Socket proxied = post("127.0.0.4", "Content-Length: " + TOOLS_LIST.length() + "\r\n");
        send(proxied, TOOLS_LIST);
        assertThat(answer(proxied)).startsWith("HTTP/1.1 200 ");

        open.removeAll(closed);
        open.get(0).close();
        assertThat(servedEventually("127.0.0.3")).as("served once a connection of the address closed").isTrue();
    }

    /** Posts tools/list from {@code from} until it is served (true) or 10 s have passed. */
    private boolean servedEventually(String from) throws Exception {
        return Eventually.within(Duration.ofSeconds(10), () -> {
            Socket socket = post(from, "Content-Length: " + TOOLS_LIST.length() + "\r\n");
            try {
                send(socket, TOOLS_LIST);
                return answer(socket).startsWith("HTTP/1.1 200 ");
            } catch (IOException refused) {
                return false;
            }
        });
    }

    /** Returns the access log once it has {@code expected} (within 10 s). */
    private String logOnceItHas(String expected) throws InterruptedException {
        return Eventually.value("an access log with " + expected, Duration.ofSeconds(10),
                () -> log.toString(StandardCharsets.UTF_8), text -> text.contains(expected));
    }

    /** Returns the sockets the server closed without a word, once there is one (within 10 s). */
    private static List<Socket> closedAmong(List<Socket> sockets) throws Exception {
        return Eventually.value("a socket closed by the server", Duration.ofSeconds(10), () -> {
            List<Socket> closed = new ArrayList<>();
            for (Socket socket : sockets) {
                socket.setSoTimeout(1);
                try {
                    if (socket.getInputStream().read() < 0) {
                        closed.add(socket);
                    }
                } catch (SocketTimeoutException stillOpen) {
                    // nothing said, nothing closed
                } catch (SocketException reset) {
                    closed.add(socket);
                }
            }
            return closed;
        }, closed -> !closed.isEmpty());
    }
}

package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.Eventually;
import dev.memdir.auth.Authentication;
import dev.memdir.auth.Authenticator;
import dev.memdir.auth.Principal;
import dev.memdir.config.HttpAddress;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The front servlet on a real Jetty on loopback, with an authenticator of the test's: the order of the checks, what
 * a refusal carries, the rate per principal, the health check, and an access log without credentials.
 */
class FrontServletTest {

    private static final String CHALLENGE = "Bearer resource_metadata=\"http://127.0.0.1/.well-known/x\"";

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final List<Optional<String>> authorizations = new ArrayList<>();
    private final AtomicBoolean storeAnswers = new AtomicBoolean(true);
    private final HttpClient client = HttpClient.newHttpClient();
    private Server server;
    private URI base;

    /** Accepts "Bearer ann" and "Bearer bob" (each on a namespace of its own, neither served), refuses the rest. */
    private final Authenticator authenticator = authorization -> {
        authorizations.add(authorization);
        if (authorization.equals(Optional.of("Bearer ann")) || authorization.equals(Optional.of("Bearer bob"))) {
            String name = authorization.get().substring(7);
            return new Authentication.Accepted(new Principal(name, "ns-" + name, false));
        }
        return new Authentication.Refused(401, CHALLENGE, "a bearer token is needed");
    };

    private final NamespaceServers none = new NamespaceServers() {
        @Override
        public Optional<ServerUse> forPrincipal(Principal principal) {
            return Optional.empty();
        }

        @Override
        public void closeIdle() {}

        @Override
        public boolean storeAnswers() {
            return storeAnswers.get();
        }

        @Override
        public void endStreams() {}

        @Override
        public void close() {}
    };

    /** Starts the servlet with rate limits whose clock stands still: only the burst is ever let in. */
    private void start(int rate) throws Exception {
        FrontServlet front = new FrontServlet(new HostAndOrigin("127.0.0.1", true, List.of()),
                authenticator, new RateLimiter(rate, () -> 0L), new RefusalsByClient(
                        new RateLimiter(FrontServlet.REFUSALS_PER_SECOND, () -> 0L), TrustedProxies.NONE),
                new CredentialHolds(authenticator), RequestLimits.of(1024), none,
                new AccessLog(new PrintStream(log, true, StandardCharsets.UTF_8)), new Drain(), Map.of());
        server = HttpServe.jetty(new HttpAddress("127.0.0.1", 0), Optional.empty(), front);
        server.start();
        base = URI.create("http://127.0.0.1:" + ((ServerConnector) server.getConnectors()[0]).getLocalPort());
    }

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.stop();
        }
    }

    private HttpResponse<String> post(String authorization, String origin) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("/mcp")).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}"));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        if (origin != null) {
            request.header("Origin", origin);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Returns the access log once it has a line: it is written after the answer went out. */
    private String log() throws InterruptedException {
        return Eventually.value("a line in the access log", Duration.ofSeconds(10),
                () -> log.toString(StandardCharsets.UTF_8), text -> text.endsWith("\n"));
    }

    @Test
    void refused_statusChallengeAndOneLineOfJson() throws Exception {
        start(50);

        HttpResponse<String> answer = post("Bearer wrong-secret-42", null);

        assertThat(answer.statusCode()).isEqualTo(401);
        assertThat(answer.headers().firstValue("WWW-Authenticate")).contains(CHALLENGE);
        assertThat(answer.body()).isEqualTo("{\"error\":\"a bearer token is needed\"}\n");
        assertThat(authorizations).containsExactly(Optional.of("Bearer wrong-secret-42"));
        assertThat(log()).matches("memdir: http POST /mcp - principal=- 401 \\d+ms\n").doesNotContain("secret");
    }

    @Test
    void noAuthorizationHeader_reachesTheAuthenticatorAsEmpty() throws Exception {
        start(50);

        assertThat(post(null, null).statusCode()).isEqualTo(401);
        assertThat(authorizations).containsExactly(Optional.empty());
    }

    @Test
    void badOrigin_refusedBeforeTheCredentialsAreLookedAt() throws Exception {
        start(50);

        HttpResponse<String> answer = post("Bearer ann", "https://evil.example");

        assertThat(answer.statusCode()).isEqualTo(403);
        assertThat(answer.headers().firstValue("WWW-Authenticate")).isEmpty();
        assertThat(authorizations).isEmpty();
    }

    @Test
    void aRefusalOfThePagesRequest_isThePagesErrorPageWithItsHeaders() throws Exception {
        start(50);

        HttpResponse<String> page = client.send(HttpRequest.newBuilder(base.resolve("/ui/login"))
                .timeout(Duration.ofSeconds(10)).header("Origin", "https://evil.example").build(),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> agent = post("Bearer ann", "https://evil.example");

        assertThat(page.statusCode()).isEqualTo(403);
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/html"));
        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(
                policy -> assertThat(policy).startsWith("default-src 'none'"));
        assertThat(page.headers().firstValue("X-Frame-Options")).contains("DENY");
        assertThat(page.body()).contains("<p id=\"error\" role=\"alert\">The Origin ")
                .contains("https://evil.example").contains(" is not allowed (see --allow-origin).</p>");
        assertThat(agent.statusCode()).isEqualTo(403);
        assertThat(agent.body()).isEqualTo("{\"error\":\"the Origin 'https://evil.example' is not allowed"
                + " (see --allow-origin)\"}\n");
    }

    /** A client of this very origin (as the conformance suite's localhost client is) gets past Host and Origin. */
    @Test
    void theServersOwnOrigin_reachesTheAuthenticator() throws Exception {
        start(50);

        HttpResponse<String> answer = post("Bearer wrong-secret-42", base.toString());

        assertThat(answer.statusCode()).isEqualTo(401);
        assertThat(authorizations).containsExactly(Optional.of("Bearer wrong-secret-42"));
    }

    @Test
    void preflightOfAnAllowedOrigin_answeredWithoutCredentials_namingOnlyMcpHeaders() throws Exception {
        start(50);

        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(base.resolve("/mcp"))
                .timeout(Duration.ofSeconds(10)).method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", base.toString())
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "authorization, content-type, mcp-session-id, "
                        + "mcp-protocol-version, mcp-param-region, x-evil")
                .build(), HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).isEqualTo(204);
        assertThat(answer.headers().firstValue("Access-Control-Allow-Origin")).hasValue(base.toString());
        assertThat(answer.headers().firstValue("Access-Control-Allow-Methods")).hasValue("GET, POST, DELETE, OPTIONS");
        assertThat(answer.headers().firstValue("Access-Control-Allow-Headers")).hasValue(
                "authorization, content-type, mcp-session-id, mcp-protocol-version, mcp-param-region");
        assertThat(authorizations).isEmpty();
    }

    @Test
    void preflightOfAnotherOrigin_403WithoutCorsHeaders() throws Exception {
        start(50);

        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(base.resolve("/mcp"))
                .timeout(Duration.ofSeconds(10)).method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "https://evil.example").header("Access-Control-Request-Method", "POST")
                .build(), HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).isEqualTo(403);
        assertThat(answer.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    @Test
    void answersToAnAllowedOrigin_letItsPageReadTheSessionAndChallenge() throws Exception {
        start(50);

        HttpResponse<String> answer = post("Bearer wrong-secret-42", base.toString());

        assertThat(answer.statusCode()).isEqualTo(401);
        assertThat(answer.headers().firstValue("Access-Control-Allow-Origin")).hasValue(base.toString());
        assertThat(answer.headers().firstValue("Access-Control-Expose-Headers")).hasValue(
                "Mcp-Session-Id, WWW-Authenticate, Retry-After");
        assertThat(post("Bearer wrong-secret-42", null).headers().firstValue("Access-Control-Allow-Origin"))
                .isEmpty();
    }

    /** A GET /mcp each (no body left unread by a refusal, so the connection is kept for the next). */
    private HttpResponse<String> get(String authorization) throws Exception {
        return client.send(HttpRequest.newBuilder(base.resolve("/mcp")).timeout(Duration.ofSeconds(10))
                .header("Authorization", authorization).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void anAddressRefusedTooOften_gets429_butAValidCredentialFromItIsServed() throws Exception {
        start(50);
        int burst = 2 * FrontServlet.REFUSALS_PER_SECOND;
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < burst + 5; i++) {
            statuses.add(get("Bearer made-up-" + i).statusCode());
        }

        // The refusals' clock stands still: the burst is refused 401, the rest 429.
        assertThat(statuses.subList(0, burst)).containsOnly(401);
        assertThat(statuses.subList(burst, statuses.size())).containsOnly(429);
        HttpResponse<String> slowed = get("Bearer made-up-again");
        assertThat(slowed.statusCode()).isEqualTo(429);
        assertThat(slowed.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(slowed.headers().firstValue("WWW-Authenticate")).isEmpty();
        assertThat(slowed.body()).isEqualTo("{\"error\":\"too many requests without valid credentials from this"
                + " address; retry after 1 s\"}\n");
        assertThat(get("Bearer ann").statusCode()).as("a valid credential from the same address").isEqualTo(403);
        assertThat(authorizations).as("every request's credentials were checked").hasSize(burst + 7);
    }

    @Test
    void forwardedFor_ignoredFromAPeerNotTrusted() throws Exception {
        start(50);
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 2 * FrontServlet.REFUSALS_PER_SECOND + 1; i++) {
            statuses.add(client.send(HttpRequest.newBuilder(base.resolve("/mcp")).timeout(Duration.ofSeconds(10))
                    .header("Authorization", "Bearer made-up").header("X-Forwarded-For", "203.0.113." + i)
                    .header("Forwarded", "for=198.51.100." + i).GET().build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode());
        }

        assertThat(statuses.get(statuses.size() - 1)).as("every forged client in the peer's one bucket")
                .isEqualTo(429);
    }

    @Test
    void methodsMcpDoesNotUse_405BeforeCredentials_namingThoseServed() throws Exception {
        start(50);

        for (String method : List.of("TRACE", "PUT", "PATCH", "HEAD", "PROPFIND")) {
            HttpResponse<String> answer = client.send(HttpRequest.newBuilder(base.resolve("/mcp"))
                    .timeout(Duration.ofSeconds(10)).header("Authorization", "Bearer ann")
                    .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).as(method).isEqualTo(405);
            assertThat(answer.headers().firstValue("Allow")).as(method).hasValue("GET, POST, DELETE, OPTIONS");
            assertThat(answer.body()).as(method).isEqualTo(method.equals("HEAD") ? ""
                    : "{\"error\":\"/mcp answers GET, POST, DELETE, OPTIONS only\"}\n");
        }
        HttpResponse<String> health = client.send(HttpRequest.newBuilder(base.resolve("/healthz"))
                .timeout(Duration.ofSeconds(10)).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(health.statusCode()).isEqualTo(405);
        assertThat(health.headers().firstValue("Allow")).hasValue("GET, HEAD, OPTIONS");
        assertThat(health.body()).isEqualTo("{\"error\":\"/healthz answers GET, HEAD, OPTIONS only\"}\n");
        assertThat(authorizations).isEmpty();
    }

    @Test
    void theAccessLog_namesNoHeaderAClientSets() throws Exception {
        start(50);

        client.send(HttpRequest.newBuilder(base.resolve("/mcp")).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer wrong").header("Mcp-Method", "forged/method")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"))
                .build(), HttpResponse.BodyHandlers.ofString());

        assertThat(log()).matches("memdir: http POST /mcp - principal=- 401 \\d+ms\n");
    }

    @Test
    void acceptedPrincipal_ofANamespaceNotServedHere_403() throws Exception {
        start(50);

        HttpResponse<String> answer = post("Bearer ann", null);

        assertThat(answer.statusCode()).isEqualTo(403);
        assertThat(answer.body()).isEqualTo("{\"error\":\"no memory is served here for ann\"}\n");
        assertThat(log()).matches("memdir: http POST /mcp - principal=ann 403 \\d+ms\n");
    }

    @Test
    void rate_perPrincipal() throws Exception {
        start(1);

        assertThat(post("Bearer ann", null).statusCode()).isEqualTo(403);
        assertThat(post("Bearer ann", null).statusCode()).isEqualTo(403);
        HttpResponse<String> limited = post("Bearer ann", null);
        HttpResponse<String> other = post("Bearer bob", null);

        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat(limited.headers().firstValue("Retry-After")).contains("1");
        assertThat(other.statusCode()).as("bob has a bucket of his own").isEqualTo(403);
    }

    @Test
    void healthz_followsTheStore_withoutCredentials() throws Exception {
        start(50);
        HttpRequest health = HttpRequest.newBuilder(base.resolve("/healthz")).GET().build();

        assertThat(client.send(health, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
        storeAnswers.set(false);
        HttpResponse<String> down = client.send(health, HttpResponse.BodyHandlers.ofString());

        assertThat(down.statusCode()).isEqualTo(503);
        assertThat(down.body()).isEqualTo("{\"status\":\"unavailable\"}\n");
        assertThat(authorizations).isEmpty();
    }

    @Test
    void otherPaths_404() throws Exception {
        start(50);

        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(base.resolve("/mcp/x")).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).isEqualTo(404);
        assertThat(answer.body()).isEqualTo("{\"error\":\"memdir serves MCP at /mcp\"}\n");
    }
}

package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.RawHttp;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.TokenStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Attack: {@code TRACE /mcp} with a valid bearer token answered 200 {@code message/http} holding every request
 * header, the token included (so a script that can make a request but not read its headers learns them). Only the
 * methods MCP uses are served: every other one, on {@code /mcp} with a valid token and on {@code /healthz}, is 405
 * naming the methods served, before credentials are looked at; no answer holds the token or another header's value.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TraceAttackIT {

    private static final String MARKER = "marker-3d1f-of-a-request-header";
    private static final List<String> UNSERVED = List.of("TRACE", "PUT", "PATCH", "PROPFIND", "MKCOL", "LOCK",
            "SEARCH");

    @Test
    void methodsMcpDoesNotUse_405_echoingNothing(@TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh("directory", temp);
        String token = store.token("alice");
        try (ServingJar server = store.serve()) {
            List<String> seen = new ArrayList<>();
            for (String method : Stream.concat(UNSERVED.stream(), Stream.of("HEAD")).toList()) {
                RawHttp.Response answer = send(server, method, "/mcp", token);
                seen.add(method + " /mcp " + answer.status() + " " + answer.headers().get("allow"));
                assertThat(answer.status()).as(method + " /mcp").isEqualTo(405);
                assertThat(answer.headers()).as(method + " /mcp").containsEntry("allow", "GET, POST, DELETE, OPTIONS");
                assertThat(answer.body()).isEqualTo(method.equals("HEAD") ? ""
                        : "{\"error\":\"/mcp answers GET, POST, DELETE, OPTIONS only\"}\n");
                assertEchoesNothing(answer, token);
            }
            for (String method : Stream.concat(UNSERVED.stream(), Stream.of("POST", "DELETE")).toList()) {
                RawHttp.Response answer = send(server, method, "/healthz", token);
                seen.add(method + " /healthz " + answer.status() + " " + answer.headers().get("allow"));
                assertThat(answer.status()).as(method + " /healthz").isEqualTo(405);
                assertThat(answer.headers()).containsEntry("allow", "GET, HEAD, OPTIONS");
                assertEchoesNothing(answer, token);
            }
            RawHttp.Response elsewhere = send(server, "TRACE", "/elsewhere", token);
            assertThat(elsewhere.status()).isEqualTo(404);
            assertEchoesNothing(elsewhere, token);
            System.err.println("TraceAttackIT: " + seen);

            assertThat(send(server, "GET", "/healthz", null).status()).isEqualTo(200);
            assertThat(server.accessLogOnce(log -> log.stream().anyMatch(line -> line.contains("TRACE /elsewhere"))))
                    .anyMatch(line -> line.matches("memdir: http TRACE /mcp - principal=- 405 \\d+ms"));
            assertThat(server.stderr()).doesNotContain(token).doesNotContain(MARKER);
        }
    }

    /** Sends {@code method path} on a connection of its own, with the token (if any) and a marked header. */
    private static RawHttp.Response send(ServingJar server, String method, String path, String token)
            throws Exception {
        try (RawHttp raw = new RawHttp(server.port())) {
            Map<String, String> head = new LinkedHashMap<>();
            head.put("Host", "127.0.0.1:" + server.port());
            head.put("X-Memdir-Marker", MARKER);
            head.put("Content-Length", "0");
            head.put("Connection", "close");
            if (token != null) {
                head.put("Authorization", "Bearer " + token);
            }
            raw.head(method + " " + path + " HTTP/1.1", head);
            return method.equals("HEAD") ? raw.readHead() : raw.read();
        }
    }

    private static void assertEchoesNothing(RawHttp.Response answer, String token) {
        String everything = answer.headers() + "\n" + answer.body();
        assertThat(everything).doesNotContain(token).doesNotContain(token.substring(4, 20)).doesNotContain(MARKER)
                .doesNotContainIgnoringCase("x-memdir-marker");
    }
}

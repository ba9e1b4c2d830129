package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.ModernRequest;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.TokenStore;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Attack: the access log of a 2025-11-25 session named the {@code Mcp-Method} header, which a client may set to
 * anything, instead of the method its body holds, so a client could write whatever it liked in the operator's log
 * (a {@code tools/call} logged as {@code ping}). Each line names the body's JSON-RPC method, on both revisions (a
 * 2026-07-28 request whose header disagrees with its body is refused, and logged by its body), and no method at
 * all for a request without a body.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AccessLogAttackIT {

    private static final String FORGED = "forged/by-the-client";

    @Test
    void theLogNamesTheBodysMethod_neverTheHeader(@TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh("directory", temp);
        try (ServingJar server = store.serve()) {
            McpHttp requests = new McpHttp(server.mcp(), null);
            String session = requests.openSession();
            HttpResponse<String> call = requests.send(requests.legacy(session, "POST", "{\"jsonrpc\":\"2.0\","
                    + "\"id\":2,\"method\":\"tools/list\"}").header("Mcp-Method", FORGED));
            assertThat(call.statusCode()).isEqualTo(200);
            HttpResponse<String> disagreeing = requests.send(requests.modern(FORGED,
                    ModernRequest.of(3, "tools/list").line()));
            assertThat(disagreeing.statusCode()).as(disagreeing.body()).isEqualTo(400);
            HttpResponse<String> ended = requests.send(requests.legacy(session, "DELETE", null)
                    .header("Mcp-Method", FORGED));
            assertThat(ended.statusCode()).isEqualTo(200);

            List<String> log = server.accessLogOnce(lines -> lines.stream().anyMatch(line -> line.contains(
                    "DELETE")));
            assertThat(log).noneMatch(line -> line.contains(FORGED))
                    .anyMatch(line -> line.matches("memdir: http POST /mcp tools/list principal=local 200 \\d+ms"))
                    .anyMatch(line -> line.matches("memdir: http POST /mcp tools/list principal=local 400 \\d+ms"))
                    .anyMatch(line -> line.matches("memdir: http DELETE /mcp - principal=local 200 \\d+ms"));
        }
    }
}

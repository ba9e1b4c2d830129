package dev.memdir.e2e;

import static dev.memdir.e2e.support.McpHttp.empty;
import static dev.memdir.e2e.support.McpHttp.text;
import static dev.memdir.e2e.support.McpHttp.tool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.ModernRequest;
import dev.memdir.e2e.support.RawHttp;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.TokenStore;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code memdir serve --http 0.0.0.0:0} (every interface) on a store holding a token, through the real jar and
 * reached on 127.0.0.1: it starts, answers 401 without the token and serves with it.
 *
 * <p>A server bound to a wildcard address has no one name, so its Host check takes any Host: a made-up name (as a
 * DNS-rebinding page's request would carry) is served like {@code 127.0.0.1}. What keeps such a page out is the token
 * it cannot send (401) and the Origin check, which still takes only the allowed Origins (403). The refusal to bind
 * such an address with no authentication at all is {@code HttpServeIT}'s.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HttpWildcardBindIT {

    @Test
    void wildcardBindWithAToken_starts_401WithoutIt_servesWithIt_anyHostButNoStrangeOrigin(@TempDir Path temp)
            throws Exception {
        TokenStore store = TokenStore.fresh("directory", temp);
        String token = store.token("alice");

        try (ServingJar server = store.serveAt(List.of(), "0.0.0.0:0")) {
            assertThat(server.base().getHost()).isEqualTo("0.0.0.0");
            URI mcp = URI.create("http://127.0.0.1:" + server.port() + "/mcp");

            HttpResponse<String> anonymous = new McpHttp(mcp, null).post("tools/list", empty());
            assertThat(anonymous.statusCode()).isEqualTo(401);
            assertThat(anonymous.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
            McpHttp alice = new McpHttp(mcp, token);
            assertThat(text(alice.call("tools/call", tool("create", Map.of("path", "/memories/w.md",
                    "file_text", "over every interface\n"))))).isEqualTo("File created successfully at: /memories/w.md");
            assertThat(text(alice.call("tools/call", tool("view", Map.of("path", "/memories/w.md")))))
                    .contains("over every interface");

            String madeUp = "rebinding.example:" + server.port();
            assertThat(toolsList(server, madeUp, null, null).status()).as("a made-up Host without the token")
                    .isEqualTo(401);
            RawHttp.Response served = toolsList(server, madeUp, token, null);
            assertThat(served.status()).as("a made-up Host with the token").isEqualTo(200);
            assertThat(served.body()).contains("\"name\":\"view\"");
            RawHttp.Response strangeOrigin = toolsList(server, madeUp, token, "http://rebinding.example");
            assertThat(strangeOrigin.status()).isEqualTo(403);
            assertThat(strangeOrigin.body()).isEqualTo(
                    "{\"error\":\"the Origin 'http://rebinding.example' is not allowed (see --allow-origin)\"}\n");
        }
    }

    /** A 2026-07-28 {@code tools/list} on a connection of its own, with the Host given and, when not null, the rest. */
    private static RawHttp.Response toolsList(ServingJar server, String host, String token, String origin)
            throws Exception {
        String body = ModernRequest.of(1, "tools/list").line();
        Map<String, String> head = new LinkedHashMap<>();
        head.put("Host", host);
        head.put("Content-Type", "application/json");
        head.put("Accept", "application/json, text/event-stream");
        head.put("MCP-Protocol-Version", ModernRequest.VERSION);
        head.put("Mcp-Method", "tools/list");
        head.put("Content-Length", Integer.toString(body.getBytes(StandardCharsets.UTF_8).length));
        head.put("Connection", "close");
        if (token != null) {
            head.put("Authorization", "Bearer " + token);
        }
        if (origin != null) {
            head.put("Origin", origin);
        }
        try (RawHttp raw = new RawHttp(server.port())) {
            raw.head("POST /mcp HTTP/1.1", head);
            raw.send(body);
            return raw.read();
        }
    }
}

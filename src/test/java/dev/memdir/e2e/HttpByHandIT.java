package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.e2e.support.DocBlocks;
import dev.memdir.e2e.support.HttpAnswer;
import dev.memdir.e2e.support.LineSession;
import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.TokenStore;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Requests made by hand to the real jar over HTTP: the {@code curl} calls of docs/protocol.md, run as written there,
 * the refusal of a 2025-11-25 request whose {@code Accept} header leaves out a type its answer may come in, and of a
 * POST not declared JSON. Each test has a jar of its own, with a token for alice.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class HttpByHandIT {

    private static final String TOOLS_LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
    private static final String DOCUMENTED_ADDRESS = "127.0.0.1:8080";

    @TempDir
    Path temp;

    private String token;
    private ServingJar jar;
    private McpHttp http;

    @BeforeEach
    void serve() throws Exception {
        TokenStore store = TokenStore.fresh("directory", temp);
        token = store.token("alice");
        jar = store.serve();
        http = new McpHttp(jar.mcp(), token);
    }

    @AfterEach
    void stop() throws Exception {
        jar.close();
    }

    @Test
    void aLegacyRequestThatTakesNoEventStream_is406NamingTheHeader_andTheSessionGoesOn() throws Exception {
        // */* is what curl sends unless told otherwise.
        HttpResponse<String> initialize = http.send(http.legacy(null, "POST", McpHttp.INITIALIZE)
                .setHeader("Accept", "*/*"));
        assertThat(initialize.statusCode()).isEqualTo(406);
        assertThat(initialize.body()).isEqualTo(refusal("1", "POST", "application/json, text/event-stream"));

        String session = http.openSession();
        HttpResponse<String> list = http.send(http.legacy(session, "POST", TOOLS_LIST)
                .setHeader("Accept", "application/json"));
        assertThat(list.statusCode()).isEqualTo(406);
        assertThat(list.body()).isEqualTo(refusal("2", "POST", "application/json, text/event-stream"));
        HttpResponse<String> stream = http.send(http.legacy(session, "GET", null)
                .setHeader("Accept", "application/json"));
        assertThat(stream.statusCode()).isEqualTo(406);
        assertThat(stream.body()).isEqualTo(refusal("null", "GET", "text/event-stream"));

        HttpResponse<String> listed = http.send(http.legacy(session, "POST", TOOLS_LIST));
        assertThat(listed.statusCode()).isEqualTo(200);
        assertThat(LineSession.JSON.readTree(HttpAnswer.message(listed)).path("result").path("tools"))
                .isEqualTo(http.call("tools/list", McpHttp.empty()).path("result").path("tools"));
    }

    @Test
    void aPostNotDeclaredJson_is415NamingTheHeader_onEitherRevision() throws Exception {
        String refusal = "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":"
                + "\"Invalid Request: a POST needs the header Content-Type: application/json\"}}\n";

        // What curl -d sends unless told otherwise.
        HttpResponse<String> modern = http.send(http.modern("tools/list", TOOLS_LIST)
                .setHeader("Content-Type", "application/x-www-form-urlencoded").setHeader("Accept", "text/html"));
        assertThat(modern.statusCode()).isEqualTo(415);
        assertThat(modern.headers().firstValue("Content-Type")).contains("application/json;charset=utf-8");
        assertThat(modern.body()).isEqualTo(refusal);
        HttpResponse<String> legacy = http.send(http.legacy(null, "POST", McpHttp.INITIALIZE)
                .setHeader("Content-Type", "text/plain"));
        assertThat(legacy.statusCode()).isEqualTo(415);
        assertThat(legacy.body()).isEqualTo(refusal);

        HttpResponse<String> initialized = http.send(http.legacy(null, "POST", McpHttp.INITIALIZE)
                .setHeader("Content-Type", "Application/JSON; charset=UTF-8"));
        assertThat(initialized.statusCode()).isEqualTo(200);
    }

    @Test
    void theCurlCallsOfTheProtocolPage_asWritten_answerAsAClientOfEachRevisionIsAnswered() throws Exception {
        List<String> calls = DocBlocks.shell(Path.of("docs", "protocol.md"), "## Over HTTP by hand");
        assertThat(calls).hasSize(3).allMatch(call -> call.contains(DOCUMENTED_ADDRESS));
        http.call("tools/call", McpHttp.tool("create", Map.of("path", "/memories/hello.md", "file_text", "hi\n")));
        JsonNode tools = http.call("tools/list", McpHttp.empty()).path("result").path("tools");
        String view = McpHttp.text(http.call("tools/call", McpHttp.tool("view", Map.of("path", "/memories"))));
        assertThat(view).contains("/memories/hello.md");

        JsonNode modernList = LineSession.JSON.readTree(curl(calls.get(0)));
        assertThat(modernList.path("result").path("tools")).isEqualTo(tools);
        JsonNode modernView = LineSession.JSON.readTree(curl(calls.get(1)));
        assertThat(McpHttp.text(modernView)).isEqualTo(view);
        String legacyList = curl(calls.get(2));
        assertThat(legacyList).startsWith("id: ").contains("\nevent: message\n");
        String data = legacyList.lines().filter(line -> line.startsWith("data: ")).reduce((a, b) -> b)
                .orElseThrow().substring("data: ".length());
        assertThat(LineSession.JSON.readTree(data).path("result").path("tools")).isEqualTo(tools);
    }

    private static String refusal(String id, String httpMethod, String types) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32600,\"message\":\"Invalid Request: a "
                + "2025-11-25 " + httpMethod + " needs the header Accept: " + types + "\"}}\n";
    }

    /** Runs a documented call with {@code sh}, at the jar's port and with {@code TOKEN} set; returns its stdout. */
    private String curl(String call) throws Exception {
        Path out = Files.createTempFile(temp, "curl", ".out");
        Path err = Files.createTempFile(temp, "curl", ".err");
        ProcessBuilder sh = new ProcessBuilder("sh", "-c", call.replace(DOCUMENTED_ADDRESS, "127.0.0.1:" + jar.port()))
                .directory(temp.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        sh.environment().put("TOKEN", token);
        Process process = sh.start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as(call).isTrue();
        assertThat(process.exitValue()).as(Files.readString(err)).isZero();
        return Files.readString(out);
    }
}

package dev.memdir.e2e;

import static dev.memdir.e2e.support.McpHttp.empty;
import static dev.memdir.e2e.support.McpHttp.params;
import static dev.memdir.e2e.support.McpHttp.request;
import static dev.memdir.e2e.support.McpHttp.text;
import static dev.memdir.e2e.support.McpHttp.tool;
import static dev.memdir.e2e.support.MemdirUris.INDEX;
import static dev.memdir.e2e.support.MemdirUris.STATUS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.Eventually;
import dev.memdir.e2e.support.EveryStoreTest;
import dev.memdir.e2e.support.JarMemory;
import dev.memdir.e2e.support.JarRun;
import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.ModernSdkClient;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.SubscriptionEvents;
import dev.memdir.e2e.support.TokenStore;
import dev.memdir.memory.HostilePaths.Call;
import dev.memdir.memory.HostilePaths.Hostile;
import dev.memdir.memory.HostilePaths;
import dev.memdir.memory.postgres.LocalPostgres;
import dev.memdir.memory.s3.LocalS3;
import dev.memdir.memory.s3.S3Location;
import io.modelcontextprotocol.modern.client.McpSyncClient.Listening;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code memdir serve --http} with tokens, through the real jar, on both stores: two principals on two namespaces
 * never see or change each other's memory, not by tool, resource, prompt, hostile path or hostile URI; a read-only
 * principal can only view; a revoked or missing token is 401; history names the principal.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class HttpIsolationIT {

    private static final String SECRET = "first-secret-4b1d";
    /** A word of bob's secret: what a recall of alice's asks for (recall echoes its query, so never the secret). */
    private static final String BOB_WORD = "51c7";
    private static final String BOB_SECRET = "bob-only-" + BOB_WORD;
    /** The name of one of bob's files, which a completion or recall leaking across namespaces would show. */
    private static final String BOB_TOPIC = "zebra-plans";
    /**
     * Paths of alice's that guess at bob's namespace: its directory beside hers, the reserved area that holds them
     * all, lookalike dots. Some are refused, the rest are legal paths inside alice's own memory.
     */
    private static final List<String> NAMESPACE_GUESSES = List.of("/memories/../bob/b.md",
            "/memories/../../user/bob/b.md", "/memories/%2e%2e/bob/b.md", "/memories/..%2Fbob%2Fb.md",
            "/memories/.memdir-namespaces/user/bob/b.md", "/memories/../.memdir-namespaces/user/bob/b.md",
            "/memories/../../.memdir-namespaces/user/bob/b.md", "/memories/user/bob/b.md", "/memories/bob/b.md",
            "/memories/./../bob/b.md", "/memories/\u2024\u2024/bob/b.md", "/memories/b.md",
            "/memories/" + BOB_TOPIC + ".md");
    /** Resource URIs of alice's that guess at bob's memory through the history, recall and instructions templates. */
    private static final List<String> URI_GUESSES = List.of("memdir://memory/history/..%2Fbob%2Fb.md",
            "memdir://memory/history/..%2F..%2Fuser%2Fbob%2Fb.md", "memdir://memory/history/%2e%2e/bob/b.md",
            "memdir://memory/history/%2e%2e/%2e%2e/user/bob/b.md", "memdir://memory/history/../bob/b.md",
            "memdir://memory/history/user/bob/b.md", "memdir://memory/history/.memdir-namespaces/user/bob/b.md",
            "memdir://memory/history/b.md", "memdir://memory/history/" + BOB_TOPIC + ".md",
            "memdir://memory/history/%2Fmemories%2F..%2Fbob%2Fb.md", "memdir://memory/history//memories/../bob/b.md",
            "memdir://memory/history/bob%2Fb.md", "memdir://memory/history/\u2024\u2024/bob/b.md",
            "memdir://memory/history/%00/../bob/b.md", "memdir://memory/history/b.md%00",
            "memdir://memory/../memory/history/../bob/b.md", "memdir://memory/index/../../bob/b.md",
            "memdir://memory/index?namespace=user/bob", "memdir://memory/status?namespace=user%2Fbob",
            "memdir://memory/recall?q=" + BOB_WORD, "memdir://memory/recall?q=zebra",
            "memdir://memory/recall?q=" + BOB_TOPIC + "&namespace=user/bob", "memdir://memory/recall?q=..%2Fbob",
            "memdir://instructions/for/../memory/.memdir-namespaces/user/bob/b.md",
            "memdir://instructions/for/..%2F..%2Fmemory%2F.memdir-namespaces%2Fuser%2Fbob",
            "memdir://user/bob/memory/index", "memdir://bob@memory/index", "memdir://memory/history/");

    @EveryStoreTest
    void twoPrincipalsNeverMeet(String storeKind, @TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh(storeKind, temp);
        String alice = store.token("alice");
        String bob = store.token("bob");
        String reader = store.token("rita", "--namespace", "user/alice", "--read-only");
        String revoked = store.token("eve");
        JarRun list = store.run("token", "list");
        String eveId = list.stdout().lines().filter(line -> line.contains(" eve ")).findFirst().orElseThrow()
                .split(" ")[0];
        assertThat(store.run("token", "revoke", eveId).exit()).isZero();

        try (ServingJar server = serve(store)) {
            URI mcp = server.mcp();
            assertThat(text(call(mcp, alice, "tools/call", tool("create", Map.of("path", "/memories/a.md",
                    "file_text", SECRET + "\n"))))).contains("created");
            assertThat(text(call(mcp, bob, "tools/call", tool("create", Map.of("path", "/memories/b.md",
                    "file_text", "bob-only\n"))))).contains("created");
            assertThat(text(call(mcp, alice, "tools/call", tool("str_replace", Map.of("path", "/memories/a.md",
                    "old_str", SECRET, "new_str", SECRET + " v2"))))).contains("edited");

            // Bob sees nothing of alice's memory, by any feature.
            assertThat(text(call(mcp, bob, "tools/call", tool("view", Map.of("path", "/memories/a.md")))))
                    .doesNotContain(SECRET).contains("does not exist");
            assertThat(text(call(mcp, bob, "tools/call", tool("view", Map.of("path", "/memories")))))
                    .contains("b.md").doesNotContain("a.md");
            for (String uri : List.of("memdir://memory/index", "memdir://memory/status",
                    "memdir://memory/history/a.md")) {
                assertThat(call(mcp, bob, "resources/read", params("uri", uri)).toString()).as(uri)
                        .doesNotContain(SECRET);
            }
            // Recall echoes the query; what it finds is bob's own file only.
            assertThat(call(mcp, bob, "resources/read", params("uri", "memdir://memory/recall?q=" + SECRET))
                    .toString()).doesNotContain("/memories/a.md");
            assertThat(call(mcp, bob, "resources/list", empty()).toString()).doesNotContain("a.md");
            assertThat(call(mcp, bob, "prompts/list", empty()).toString()).doesNotContain(SECRET);
            ObjectNode complete = empty();
            complete.putObject("ref").put("type", "ref/resource").put("uri", "memdir://memory/history/{+path}");
            complete.putObject("argument").put("name", "path").put("value", "");
            assertThat(call(mcp, bob, "completion/complete", complete.deepCopy()).toString())
                    .contains("b.md").doesNotContain("a.md");
            assertThat(call(mcp, alice, "completion/complete", complete).toString())
                    .contains("a.md").doesNotContain("b.md");

            // Alice's own view works, and her history names her.
            assertThat(text(call(mcp, alice, "tools/call", tool("view", Map.of("path", "/memories/a.md")))))
                    .contains(SECRET + " v2");
            assertThat(call(mcp, alice, "resources/read", params("uri", "memdir://memory/history/a.md")).toString())
                    .contains("alice").doesNotContain("bob");

            // The read-only principal on alice's namespace views only.
            JsonNode tools = call(mcp, reader, "tools/list", empty()).path("result").path("tools");
            assertThat(tools.findValuesAsText("name")).containsExactly("view");
            assertThat(text(call(mcp, reader, "tools/call", tool("view", Map.of("path", "/memories/a.md")))))
                    .contains(SECRET);
            HttpResponse<String> refusedCreate = post(mcp, reader, "tools/call", tool("create",
                    Map.of("path", "/memories/r.md", "file_text", "x\n")));
            assertThat(refusedCreate.body()).contains("Unknown tool: create");
            assertThat(text(call(mcp, alice, "tools/call", tool("view", Map.of("path", "/memories")))))
                    .doesNotContain("r.md");

            // No token, a made-up one, a revoked one: 401.
            HttpResponse<String> none = post(mcp, null, "tools/list", empty());
            assertThat(none.statusCode()).isEqualTo(401);
            assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
            assertThat(post(mcp, "mdt_madeup", "tools/list", empty()).statusCode()).isEqualTo(401);
            assertThat(post(mcp, revoked, "tools/list", empty()).statusCode()).isEqualTo(401);
        }
    }

    /**
     * Alice sends the whole hostile path corpus to every path field of every tool, guesses at bob's namespace by
     * path and by resource URI, and asks prompts and completions about bob's words: each corpus path gets its exact
     * error text, no answer carries anything of bob's (his content, his history's hashes or his name as a writer),
     * bob's memory is byte for byte what it was, and nothing outside alice's namespace changed.
     */
    @EveryStoreTest
    void hostilePathsUrisPromptsAndCompletions_neverReachAnotherNamespace(String storeKind, @TempDir Path temp)
            throws Exception {
        NamespacedStore memory = switch (storeKind) {
            case "directory" -> new DirectoryNamespaces(temp.resolve("memory"));
            case "postgres" -> new DatabaseNamespaces(LocalPostgres.shared().freshDatabase());
            default -> new BucketNamespaces(LocalS3.shared().freshBucket("memdir"));
        };
        TokenStore store = new TokenStore(memory.arguments(), temp);
        String aliceToken = store.token("alice");
        String bobToken = store.token("bob");

        try (ServingJar server = serve(store)) {
            McpHttp alice = new McpHttp(server.mcp(), aliceToken);
            McpHttp bob = new McpHttp(server.mcp(), bobToken);
            for (Map<String, String> create : List.of(
                    Map.of("path", "/memories/keep.txt", "file_text", "keep: alice\n"),
                    Map.of("path", "/memories/dir/note.txt", "file_text", "note: alice\n"),
                    Map.of("path", "/memories/MEMORY.md", "file_text", "- keep.txt: what alice keeps\n"))) {
                assertThat(text(alice.call("tools/call", tool("create", create)))).contains("created");
            }
            String bobFirst = BOB_SECRET + " first\n";
            for (Map<String, String> create : List.of(Map.of("path", "/memories/b.md", "file_text", bobFirst),
                    Map.of("path", "/memories/" + BOB_TOPIC + ".md", "file_text", "zebra " + BOB_SECRET + "\n"),
                    Map.of("path", "/memories/MEMORY.md", "file_text", "- " + BOB_TOPIC + ".md: " + BOB_SECRET
                            + "\n"))) {
                assertThat(text(bob.call("tools/call", tool("create", create)))).contains("created");
            }
            assertThat(text(bob.call("tools/call", tool("str_replace", Map.of("path", "/memories/b.md",
                    "old_str", "first", "new_str", "second"))))).contains("edited");
            // What would give bob away in any answer: his secret, a hash his history holds, his name as a writer.
            // (A history is JSON inside the answer's JSON: its quotes come escaped.)
            String bobWriter = "\\\"session\\\" : \\\"bob\\\"";
            List<String> bobsMarks = List.of(BOB_SECRET, sha256(bobFirst), bobWriter);
            assertThat(bob.call("resources/read", params("uri", "memdir://memory/history/b.md")).toString())
                    .as("bob's history holds what the marks look for").contains(sha256(bobFirst), bobWriter);
            assertThat(bob.call("prompts/get", prompt("recall", Map.of("query", BOB_WORD))).toString())
                    .as("bob's recall of his word finds his secret").contains(BOB_SECRET);
            assertThat(bob.call("completion/complete", completion("ref/resource", "uri",
                    "memdir://memory/history/{+path}", "path", "z")).toString())
                    .as("bob's completion offers his file").contains(BOB_TOPIC + ".md");
            Map<String, String> outsideAlice = settledOutside(memory, "user/alice", bob);
            assertThat(outsideAlice.keySet()).as("the snapshot holds bob's memory")
                    .anyMatch(entry -> entry.contains("user/bob") && entry.endsWith(BOB_TOPIC + ".md"));
            List<String> answers = new ArrayList<>();

            // Prompts and completions: alice's own words come back, never bob's, not even his file's name.
            List<String> questions = new ArrayList<>();
            questions.add(assertedAnswer(alice.call("prompts/get", prompt("recall", Map.of("query", "keep")))
                    .toString(), "/memories/keep.txt"));
            for (Map<String, String> query : List.of(Map.of("query", "zebra"), Map.of("query", BOB_WORD),
                    Map.of("query", "../bob/b.md"), Map.of("query", "bob"))) {
                questions.add(alice.call("prompts/get", prompt("recall", query)).toString());
            }
            questions.add(assertedAnswer(alice.call("prompts/get", prompt("project-instructions", Map.of()))
                    .toString(), "what alice keeps"));
            questions.add(alice.call("prompts/get", prompt("memory-protocol", Map.of())).toString());
            questions.add(assertedAnswer(alice.call("completion/complete", completion("ref/resource", "uri",
                    "memdir://memory/history/{+path}", "path", "")).toString(), "keep.txt"));
            for (String typed : List.of("z", "b", "../", "../bob/", "..%2Fbob%2F", ".memdir-namespaces/", "user/")) {
                questions.add(alice.call("completion/complete", completion("ref/resource", "uri",
                        "memdir://memory/history/{+path}", "path", typed)).toString());
                questions.add(alice.call("completion/complete", completion("ref/resource", "uri",
                        "memdir://instructions/for/{+path}", "path", typed)).toString());
            }
            questions.add(assertedAnswer(alice.call("completion/complete", completion("ref/prompt", "name", "recall",
                    "query", "kee")).toString(), "keep"));
            for (String typed : List.of("", "z", "zeb", "bob", "b")) {
                questions.add(alice.call("completion/complete", completion("ref/prompt", "name", "recall", "query",
                        typed)).toString());
            }
            for (String answer : questions) {
                assertThat(answer).doesNotContain(BOB_TOPIC);
            }
            answers.addAll(questions);

            // Resource URIs: bob's guessed at, and the corpus as history paths.
            List<McpHttp.Request> reads = new ArrayList<>();
            URI_GUESSES.forEach(uri -> reads.add(request("resources/read", params("uri", uri))));
            HostilePaths.corpus().map(hostile -> "memdir://memory/history/" + (hostile.path().startsWith("/memories/")
                    ? hostile.path().substring("/memories/".length()) : hostile.path()))
                    .forEach(uri -> reads.add(request("resources/read", params("uri", uri))));
            for (HttpResponse<String> read : alice.postAll(reads)) {
                assertThat(read.statusCode()).as(read.body()).isIn(200, 400);
                answers.add(read.body());
            }

            // The corpus in every path field of every tool: view first, the writing tools only once view refused.
            List<Hostile> corpus = HostilePaths.corpus().toList();
            List<Hostile> refusedByView = new ArrayList<>();
            List<HttpResponse<String>> views = alice.postAll(corpus.stream()
                    .map(hostile -> request("tools/call", toolCall(HostilePaths.everyCommandOn(hostile.path()).get(0))))
                    .toList());
            SoftAssertions softly = new SoftAssertions();
            for (int i = 0; i < corpus.size(); i++) {
                String view = toolAnswer(views.get(i));
                softly.assertThat(view).as("view " + corpus.get(i)).isEqualTo(corpus.get(i).expected());
                if (view.equals(corpus.get(i).expected())) {
                    refusedByView.add(corpus.get(i));
                }
                answers.add(views.get(i).body());
            }
            List<Call> writes = new ArrayList<>();
            List<String> expected = new ArrayList<>();
            for (Hostile hostile : refusedByView) {
                List<Call> calls = HostilePaths.everyCommandOn(hostile.path());
                writes.addAll(calls.subList(1, calls.size()));
                calls.subList(1, calls.size()).forEach(call -> expected.add(hostile.expected()));
            }
            List<HttpResponse<String>> written = alice.postAll(writes.stream()
                    .map(call -> request("tools/call", toolCall(call))).toList());
            for (int i = 0; i < writes.size(); i++) {
                softly.assertThat(toolAnswer(written.get(i))).as(writes.get(i).toString()).isEqualTo(expected.get(i));
                answers.add(written.get(i).body());
            }
            softly.assertAll();

            // Guesses at bob's namespace by path: refused, or acting on alice's own memory.
            List<Call> guesses = NAMESPACE_GUESSES.stream().flatMap(path -> HostilePaths.everyCommandOn(path).stream())
                    .toList();
            for (Call guess : guesses) {
                answers.add(alice.post("tools/call", toolCall(guess)).body());
            }

            for (String answer : answers) {
                assertThat(answer).doesNotContain(bobsMarks);
            }
            assertThat(memory.outside("user/alice")).as("everything but alice's namespace")
                    .isEqualTo(outsideAlice);
            assertThat(memory.namespaces()).contains("user/alice", "user/bob")
                    .filteredOn(name -> name.startsWith("user/")).containsExactlyInAnyOrder("user/alice", "user/bob");
            assertThat(text(bob.call("tools/call", tool("view", Map.of("path", "/memories/b.md")))))
                    .contains(BOB_SECRET + " second");
            // The legal guesses moved keep.txt about inside alice's own memory; the rest of it is as it was.
            assertThat(text(alice.call("tools/call", tool("view", Map.of("path", "/memories/dir/note.txt")))))
                    .contains("note: alice");
        }
    }

    @EveryStoreTest
    void aListenHearsNothingOfAnotherNamespace(String storeKind, @TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh(storeKind, temp);
        String alice = store.token("alice");
        String bob = store.token("bob");
        try (ServingJar server = serve(store)) {
            io.modelcontextprotocol.modern.client.McpSyncClient bobClient = modernClient(server.mcp(), bob);
            SubscriptionEvents events = new SubscriptionEvents();
            // Bob's barrier, a file of his own written after alice's: his memory's changes reach him in order, so
            // once he has heard it, an update that alice's write leaked to him would have come before it.
            String barrier = "memdir://memory/history/barrier.md";
            try (Listening listening = bobClient.listen().resourceUpdates(INDEX, STATUS, barrier).open(events)) {
                events.awaitSubscribed();
                int mark = events.mark();
                assertThat(text(call(server.mcp(), alice, "tools/call", tool("create", Map.of("path",
                        "/memories/MEMORY.md", "file_text", "- alice's index\n"))))).contains("created");
                bobClient.tool("create").arguments(Map.of("path", "/memories/barrier.md", "file_text", "bob's\n"))
                        .call();
                events.awaitUpdate(mark, barrier);
                assertThat(events.updatedFrom(mark)).as("bob heard alice's write").doesNotContain(INDEX);

                bobClient.tool("create").arguments(Map.of("path", "/memories/MEMORY.md", "file_text", "- bob's\n"))
                        .call();
                events.awaitUpdate(mark, INDEX);
            }
        }
    }

    private static io.modelcontextprotocol.modern.client.McpSyncClient modernClient(URI mcp, String token) {
        return ModernSdkClient.overHttp(mcp, token);
    }

    private static ServingJar serve(TokenStore store) throws Exception {
        // The hostile corpus is some thousand requests of one principal; the default rate would refuse most.
        return store.serve("--rate", "100000");
    }

    private static JsonNode call(URI mcp, String token, String method, ObjectNode params) throws Exception {
        return new McpHttp(mcp, token).call(method, params);
    }

    private static HttpResponse<String> post(URI mcp, String token, String method, ObjectNode params)
            throws Exception {
        return new McpHttp(mcp, token).post(method, params);
    }

    /** Returns {@code answer} once it is seen to contain {@code expected}: the check that a question was answered. */
    private static String assertedAnswer(String answer, String expected) {
        assertThat(answer).contains(expected);
        return answer;
    }

    /**
     * The text of a tool answer that came with 200. The body must be UTF-8 throughout (the client decoded no byte
     * as a replacement character): an answer that echoes a lone surrogate carries it escaped.
     */
    private static String toolAnswer(HttpResponse<String> response) throws IOException {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.body()).as("bytes that are not UTF-8").doesNotContain("\uFFFD");
        return text(new ObjectMapper().readTree(response.body()));
    }

    private static ObjectNode toolCall(Call call) {
        return tool(call.command(), call.arguments());
    }

    private static ObjectNode prompt(String name, Map<String, String> arguments) {
        ObjectNode params = params("name", name);
        arguments.forEach(params.putObject("arguments")::put);
        return params;
    }

    private static ObjectNode completion(String refType, String refKey, String refValue, String argument,
            String typed) {
        ObjectNode params = empty();
        params.putObject("ref").put("type", refType).put(refKey, refValue);
        params.putObject("argument").put("name", argument).put("value", typed);
        return params;
    }

    private static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Returns what the store holds outside {@code namespace} once {@code other}'s recall has embedded its memory and
     * kept the vectors (its own background work, which must not be taken for a change another principal made).
     */
    private static Map<String, String> settledOutside(NamespacedStore memory, String namespace, McpHttp other)
            throws Exception {
        Duration patience = Duration.ofMinutes(3);
        long deadline = System.nanoTime() + patience.toNanos();
        Eventually.value("a hybrid recall over files that all have vectors", patience, () -> {
            JsonNode answer = other.call("resources/read", params("uri", "memdir://memory/recall?q=x"));
            return new ObjectMapper().readTree(answer.path("result").path("contents").get(0).path("text").asText());
        }, recall -> recall.path("ranking").asText().equals("hybrid") && recall.path("withoutVectors").asInt() == 0);
        Map<String, String> before = memory.outside(namespace);
        while (true) {
            Thread.sleep(1_000);
            Map<String, String> after = memory.outside(namespace);
            if (after.equals(before)) {
                return after;
            }
            assertThat(System.nanoTime()).as("settled by now").isLessThan(deadline);
            before = after;
        }
    }

    /** A store serving namespaces: the arguments that name it, and what it holds outside one namespace. */
    private interface NamespacedStore {

        JarMemory arguments();

        /** Every entry outside {@code namespace}, with what it holds, by a name that says where it is. */
        Map<String, String> outside(String namespace) throws Exception;

        /** The namespaces the store holds. */
        List<String> namespaces() throws Exception;
    }

    /** The directory store: each namespace a directory of the root's reserved area, '/' in its name written '+'. */
    private record DirectoryNamespaces(Path root) implements NamespacedStore {

        private static final String AREA = ".memdir-namespaces";

        @Override
        public JarMemory arguments() {
            return JarMemory.directory(root);
        }

        @Override
        public Map<String, String> outside(String namespace) throws IOException {
            Path skipped = root.resolve(AREA).resolve(namespace.replace('/', '+'));
            Map<String, String> entries = new TreeMap<>();
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path entry : walk.filter(entry -> !entry.startsWith(skipped)).toList()) {
                    entries.put(where(entry), Files.isSymbolicLink(entry)
                            ? "link " + Files.readSymbolicLink(entry) : Files.isDirectory(entry) ? "dir"
                            : "file " + Base64.getEncoder().encodeToString(Files.readAllBytes(entry)));
                }
            }
            return entries;
        }

        /** Returns where {@code entry} is below the root, a namespace's directory named by its namespace. */
        private String where(Path entry) {
            Path relative = root.relativize(entry);
            if (relative.getNameCount() < 2 || !relative.getName(0).toString().equals(AREA)) {
                return relative.toString();
            }
            String namespace = AREA + "/" + relative.getName(1).toString().replace('+', '/');
            return relative.getNameCount() == 2 ? namespace
                    : namespace + "/" + relative.subpath(2, relative.getNameCount());
        }

        @Override
        public List<String> namespaces() throws IOException {
            try (Stream<Path> listed = Files.list(root.resolve(AREA))) {
                return listed.filter(Files::isDirectory).map(entry -> entry.getFileName().toString())
                        .filter(name -> !name.startsWith(".")).map(name -> name.replace('+', '/')).toList();
            }
        }
    }

    /** The PostgreSQL store: each namespace rows of its own in the schema's tables. */
    private record DatabaseNamespaces(String jdbcUrl) implements NamespacedStore {

        @Override
        public JarMemory arguments() {
            return new JarMemory(List.of("--store", LocalPostgres.shared().storeUrlOf(jdbcUrl)), List.of(), Map.of());
        }

        @Override
        public Map<String, String> outside(String namespace) throws SQLException {
            Map<String, String> rows = new TreeMap<>();
            rows.putAll(query("SELECT 'namespace ' || name, files || ' ' || bytes || ' ' || history_bytes"
                    + " FROM memdir.namespaces WHERE name <> ?", namespace));
            rows.putAll(query("SELECT 'entry ' || n.name || ' ' || e.path, e.directory || ' ' || e.size || ' '"
                    + " || e.modified || ' ' || coalesce(encode(e.content, 'base64'), '')"
                    + " FROM memdir.entries e JOIN memdir.namespaces n ON n.id = e.namespace WHERE n.name <> ?",
                    namespace));
            rows.putAll(query("SELECT 'version ' || n.name || ' ' || h.path || ' ' || h.number, h.operation || ' '"
                    + " || h.sha256 || ' ' || h.actor || ' ' || h.kept || ' ' || coalesce(encode(h.content, 'base64'),"
                    + " '') FROM memdir.history h JOIN memdir.namespaces n ON n.id = h.namespace WHERE n.name <> ?",
                    namespace));
            return rows;
        }

        @Override
        public List<String> namespaces() throws SQLException {
            return List.copyOf(query("SELECT name, name FROM memdir.namespaces WHERE name <> ?", "").keySet());
        }

        private Map<String, String> query(String sql, String parameter) throws SQLException {
            Map<String, String> rows = new TreeMap<>();
            try (Connection connection = DriverManager.getConnection(jdbcUrl);
                    PreparedStatement statement = connection.prepareStatement(sql)) {
                statement.setString(1, parameter);
                try (ResultSet result = statement.executeQuery()) {
                    while (result.next()) {
                        rows.put(result.getString(1), result.getString(2));
                    }
                }
            }
            return rows;
        }
    }

    /**
     * The S3 store: each namespace the objects under {@code PREFIX/ns/NAME/}, '/' in its name written '+'. Every object
     * outside one namespace by its key, and each path a head or a base of another namespace names, by that
     * namespace and path.
     */
    private record BucketNamespaces(S3Location location) implements NamespacedStore {

        private static final String SPACES = "memdir/ns/";

        @Override
        public JarMemory arguments() {
            return JarMemory.bucket(location, LocalS3.shared());
        }

        @Override
        public Map<String, String> outside(String namespace) throws IOException {
            String skipped = SPACES + namespace.replace('/', '+') + "/";
            Map<String, String> entries = new TreeMap<>();
            for (Map.Entry<String, byte[]> object : LocalS3.objects(location).entrySet()) {
                if (object.getKey().startsWith(skipped)) {
                    continue;
                }
                entries.put("object " + object.getKey(), Base64.getEncoder().encodeToString(object.getValue()));
                if (object.getKey().contains("/commits/") || object.getKey().contains("/bases/")) {
                    String text = new String(object.getValue(), StandardCharsets.UTF_8);
                    // A commit's first line is its writer's id; the head or the base is the JSON after it.
                    new ObjectMapper().readTree(text.substring(text.indexOf('{'))).path("entries").fieldNames()
                            .forEachRemaining(path -> entries.put("entry " + namespaceOf(object.getKey()) + "/"
                                    + path, object.getKey()));
                }
            }
            return entries;
        }

        @Override
        public List<String> namespaces() {
            return LocalS3.objects(location).keySet().stream().filter(key -> key.startsWith(SPACES))
                    .map(BucketNamespaces::namespaceOf).distinct().toList();
        }

        private static String namespaceOf(String key) {
            return key.substring(SPACES.length(), key.indexOf('/', SPACES.length())).replace('+', '/');
        }
    }
}

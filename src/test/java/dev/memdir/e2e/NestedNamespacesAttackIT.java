package dev.memdir.e2e;

import static dev.memdir.e2e.support.McpHttp.params;
import static dev.memdir.e2e.support.McpHttp.text;
import static dev.memdir.e2e.support.McpHttp.tool;
import static dev.memdir.e2e.support.MemdirUris.STATUS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.e2e.support.EveryStoreTest;
import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.ModernSdkClient;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.SubscriptionEvents;
import dev.memdir.e2e.support.TokenStore;
import dev.memdir.frontmatter.FrontmatterStamper;
import dev.memdir.index.IndexBudget;
import dev.memdir.memory.MemoryTool;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.StoreLimits;
import io.modelcontextprotocol.modern.client.McpSyncClient.Listening;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20, point 2: a namespace whose name lies inside another's ({@code team} and {@code team/backend},
 * {@code proj} and {@code proj/sub}, {@code user} and {@code user/alice}) or beside it ({@code a}, {@code a/b},
 * {@code a-b}, {@code a.b}) is a memory of its own. Through the real jar with tokens, on both stores, the tester's
 * steps: no view, edit, create, delete, rename, completion, recall, prompt, status, history or listen stream of one
 * reaches another. Every breach is collected (soft assertions), so a run against a server that leaks lists them all.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class NestedNamespacesAttackIT {

    private static final String HISTORY = "memdir://memory/history/";
    private static final String RECALL = "memdir://memory/recall?q=";
    /**
     * The file each principal writes to tell when its stream has heard everything that happened before: a store
     * reports one memory's changes in order, so once the barrier's update arrives, a leaked one would have too.
     */
    private static final String BARRIER = "barrier.md";

    /** carol ({@code team}) goes for dave's memory ({@code team/backend}) by the path {@code /memories/backend/}. */
    @EveryStoreTest
    void teamNeverReachesTeamBackend(String storeKind, @TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh(storeKind, temp);
        Map<String, String> tokens = tokens(store, "carol", "team", "dave", "team/backend");
        String daveFirst = "dave-secret-7e3a backend plans\n";
        try (ServingJar server = store.serve()) {
            McpHttp carol = new McpHttp(server.mcp(), tokens.get("carol"));
            McpHttp dave = new McpHttp(server.mcp(), tokens.get("dave"));
            assertThat(create(dave, "/memories/plan.md", daveFirst)).contains("created");
            Map<String, String> daveBefore = snapshot(dave, "plan.md");
            SoftAssertions softly = new SoftAssertions();

            softly.assertThat(pathCall(carol, "view", "/memories/backend/plan.md")).as("carol views dave's file")
                    .isEqualTo(missing("/memories/backend/plan.md"));
            softly.assertThat(pathCall(carol, "view", "/memories")).as("carol lists her memory")
                    .doesNotContain("backend");
            softly.assertThat(text(carol.call("tools/call", tool("str_replace", Map.of("path",
                    "/memories/backend/plan.md", "old_str", "backend plans", "new_str", "carol was here")))))
                    .as("carol edits dave's file").isEqualTo(missing("/memories/backend/plan.md"));
            softly.assertThat(create(carol, "/memories/backend/carol.md", "carol's own\n")).as("carol creates")
                    .isEqualTo("File created successfully at: /memories/backend/carol.md");
            softly.assertThat(completion(carol, "")).as("carol's completions").doesNotContain("plan.md");
            softly.assertThat(completion(carol, "backend/")).as("carol's completions of backend/")
                    .doesNotContain("plan.md");
            softly.assertThat(read(carol, RECALL + "dave-secret-7e3a")).as("carol's recall")
                    .doesNotContain("plan.md");
            softly.assertThat(call(carol, "prompts/get", prompt("recall", "backend plans"))).as("carol's recall prompt")
                    .doesNotContain("plan.md");
            softly.assertThat(read(carol, STATUS)).as("carol's status").doesNotContain("plan.md");
            softly.assertThat(read(carol, HISTORY + "backend/plan.md")).as("carol's history of backend/plan.md")
                    .doesNotContain(sha256(daveFirst));

            softly.assertThat(pathCall(dave, "view", "/memories")).as("dave's memory after carol's calls")
                    .contains("plan.md").doesNotContain("carol.md");
            softly.assertThat(snapshot(dave, "plan.md")).as("dave's file and history after carol's calls")
                    .isEqualTo(daveBefore);

            Map<String, McpHttp> principals = Map.of("carol", carol, "dave", dave);
            try (Streams streams = new Streams(server.mcp(), tokens, principals, HISTORY + "backend/plan.md",
                    HISTORY + "second.md", HISTORY + "backend/second.md", HISTORY + "later.md",
                    HISTORY + "backend/later.md")) {
                softly.assertThat(streams.heardByOthers("dave", () -> assertThat(create(dave, "/memories/second.md",
                        "dave's second\n")).contains("created"))).as("the streams while dave wrote")
                        .isEqualTo(Map.of("carol", List.of()));
                softly.assertThat(streams.heardByOthers("carol", () -> assertThat(create(carol,
                        "/memories/backend/later.md", "carol's later\n")).contains("created")))
                        .as("the streams while carol wrote").isEqualTo(Map.of("dave", List.of()));
            }
            softly.assertAll();
        }
    }

    /**
     * {@code proj} deletes and renames {@code /memories/sub}, the name {@code proj/sub}'s memory would have inside
     * its own: {@code proj/sub}'s files and history stay as they were, byte for byte as its calls show them.
     */
    @EveryStoreTest
    void projDeletingOrRenamingSubNeverTouchesProjSub(String storeKind, @TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh(storeKind, temp);
        Map<String, String> tokens = tokens(store, "pia", "proj", "sam", "proj/sub");
        try (ServingJar server = store.serve()) {
            McpHttp proj = new McpHttp(server.mcp(), tokens.get("pia"));
            McpHttp sub = new McpHttp(server.mcp(), tokens.get("sam"));
            assertThat(create(sub, "/memories/notes.md", "sub notes v1\n")).contains("created");
            assertThat(call(sub, "tools/call", tool("str_replace", Map.of("path", "/memories/notes.md",
                    "old_str", "v1", "new_str", "v2")))).contains("edited");
            assertThat(create(sub, "/memories/deep/more.md", "more of sub\n")).contains("created");
            Map<String, String> subBefore = snapshot(sub, "notes.md", "deep/more.md");
            assertThat(subBefore.get("history notes.md")).as("sub's history holds its first version")
                    .contains(sha256("sub notes v1\n"));
            SoftAssertions softly = new SoftAssertions();

            softly.assertThat(pathCall(proj, "delete", "/memories/sub")).as("proj deletes /memories/sub")
                    .isEqualTo("Error: The path /memories/sub does not exist");
            softly.assertThat(snapshot(sub, "notes.md", "deep/more.md")).as("proj/sub after proj's delete")
                    .isEqualTo(subBefore);
            softly.assertThat(read(proj, HISTORY + "sub/notes.md")).as("proj's history of sub/notes.md")
                    .doesNotContain(sha256("sub notes v1\n"));

            softly.assertThat(create(proj, "/memories/sub/own.md", "proj's own\n")).contains("created");
            softly.assertThat(call(proj, "tools/call", tool("rename", Map.of("old_path", "/memories/sub",
                    "new_path", "/memories/moved")))).as("proj renames its own /memories/sub")
                    .contains("Successfully renamed /memories/sub to /memories/moved");
            softly.assertThat(snapshot(sub, "notes.md", "deep/more.md")).as("proj/sub after proj's rename")
                    .isEqualTo(subBefore);
            softly.assertThat(pathCall(proj, "delete", "/memories/moved")).as("proj deletes its own directory")
                    .isEqualTo("Successfully deleted /memories/moved");
            softly.assertThat(snapshot(sub, "notes.md", "deep/more.md")).as("proj/sub after proj's second delete")
                    .isEqualTo(subBefore);
            softly.assertAll();
        }
    }

    /** A token on the namespace {@code user} is accepted, and its holder sees nothing of any {@code user/NAME}. */
    @EveryStoreTest
    void aTokenOnNamespaceUserSeesNoUsersMemory(String storeKind, @TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh(storeKind, temp);
        Map<String, String> tokens = tokens(store, "alice", "user/alice", "bob", "user/bob", "mallory", "user");
        try (ServingJar server = store.serve()) {
            McpHttp alice = new McpHttp(server.mcp(), tokens.get("alice"));
            McpHttp bob = new McpHttp(server.mcp(), tokens.get("bob"));
            McpHttp everyone = new McpHttp(server.mcp(), tokens.get("mallory"));
            assertThat(create(alice, "/memories/a.md", "alice-secret-21f0\n")).contains("created");
            assertThat(create(bob, "/memories/b.md", "bob-secret-93c4\n")).contains("created");
            Map<String, String> aliceBefore = snapshot(alice, "a.md");
            SoftAssertions softly = new SoftAssertions();

            softly.assertThat(pathCall(everyone, "view", "/memories")).as("user's listing")
                    .doesNotContain("alice").doesNotContain("bob");
            softly.assertThat(pathCall(everyone, "view", "/memories/alice/a.md")).as("user views alice's file")
                    .isEqualTo(missing("/memories/alice/a.md"));
            softly.assertThat(pathCall(everyone, "view", "/memories/bob/b.md")).as("user views bob's file")
                    .isEqualTo(missing("/memories/bob/b.md"));
            softly.assertThat(completion(everyone, "")).as("user's completions").doesNotContain("a.md", "b.md");
            softly.assertThat(completion(everyone, "alice/")).as("user's completions of alice/")
                    .doesNotContain("a.md");
            softly.assertThat(read(everyone, RECALL + "secret")).as("user's recall").doesNotContain("a.md", "b.md");
            softly.assertThat(read(everyone, STATUS)).as("user's status").doesNotContain("a.md", "b.md");
            softly.assertThat(read(everyone, HISTORY + "alice/a.md")).as("user's history of alice/a.md")
                    .doesNotContain(sha256("alice-secret-21f0\n"));
            softly.assertThat(pathCall(everyone, "delete", "/memories/alice")).as("user deletes /memories/alice")
                    .isEqualTo("Error: The path /memories/alice does not exist");
            softly.assertThat(snapshot(alice, "a.md")).as("alice's memory after user's calls").isEqualTo(aliceBefore);
            softly.assertAll();
        }
    }

    /**
     * {@code a}, {@code a/b}, {@code a-b} and {@code a.b}: each sees its own files only, by view, completion,
     * recall, status, history and listen stream; a rename and delete of {@code /memories/b} in {@code a} leaves the
     * others as they were.
     */
    @EveryStoreTest
    void prefixNamesAreMemoriesOfTheirOwn(String storeKind, @TempDir Path temp) throws Exception {
        TokenStore store = TokenStore.fresh(storeKind, temp);
        Map<String, String> tokens = new LinkedHashMap<>();
        int user = 0;
        for (String namespace : List.of("a", "a/b", "a-b", "a.b")) {
            tokens.put(namespace, store.token("u" + user++, "--namespace", namespace));
        }
        try (ServingJar server = store.serve()) {
            Map<String, McpHttp> members = new LinkedHashMap<>();
            tokens.forEach((namespace, token) -> members.put(namespace, new McpHttp(server.mcp(), token)));
            for (var member : members.entrySet()) {
                String file = fileOf(member.getKey());
                assertThat(create(member.getValue(), "/memories/" + file, wordOf(member.getKey()) + " v1\n"))
                        .contains("created");
                assertThat(call(member.getValue(), "tools/call", tool("str_replace", Map.of("path",
                        "/memories/" + file, "old_str", "v1", "new_str", "v2")))).contains("edited");
            }
            SoftAssertions softly = new SoftAssertions();

            for (var member : members.entrySet()) {
                String own = fileOf(member.getKey());
                McpHttp requests = member.getValue();
                String listing = pathCall(requests, "view", "/memories");
                String completions = completion(requests, "");
                String status = read(requests, STATUS);
                softly.assertThat(listing).as(member.getKey() + "'s listing").contains(own);
                softly.assertThat(completions).as(member.getKey() + "'s completions").contains(own);
                softly.assertThat(status).as(member.getKey() + "'s status").contains(own);
                softly.assertThat(read(requests, RECALL + wordOf(member.getKey()))).as(member.getKey() + "'s recall")
                        .contains(own);
                for (String other : members.keySet()) {
                    if (other.equals(member.getKey())) {
                        continue;
                    }
                    String theirs = fileOf(other);
                    String seen = member.getKey() + " about " + other;
                    softly.assertThat(listing).as(seen + ": listing").doesNotContain(theirs);
                    softly.assertThat(completions).as(seen + ": completions").doesNotContain(theirs);
                    softly.assertThat(status).as(seen + ": status").doesNotContain(theirs);
                    softly.assertThat(read(requests, RECALL + wordOf(other))).as(seen + ": recall")
                            .doesNotContain(theirs);
                    for (String path : List.of(theirs, "b/" + theirs)) {
                        softly.assertThat(read(requests, HISTORY + path)).as(seen + ": history of " + path)
                                .doesNotContain(sha256(wordOf(other) + " v1\n"));
                    }
                }
            }

            String[] pings = members.keySet().stream().map(member -> "ping-" + fileOf(member))
                    .flatMap(ping -> Stream.of(HISTORY + ping, HISTORY + "b/" + ping)).toArray(String[]::new);
            try (Streams streams = new Streams(server.mcp(), tokens, members, pings)) {
                for (var writer : members.entrySet()) {
                    String ping = "/memories/ping-" + fileOf(writer.getKey());
                    Map<String, List<String>> silent = new LinkedHashMap<>();
                    members.keySet().stream().filter(other -> !other.equals(writer.getKey()))
                            .forEach(other -> silent.put(other, List.of()));
                    softly.assertThat(streams.heardByOthers(writer.getKey(), () -> assertThat(create(writer.getValue(),
                            ping, "ping\n")).contains("created"))).as("the streams while " + writer.getKey() + " wrote")
                            .isEqualTo(silent);
                }
            }

            Map<String, Map<String, String>> before = new LinkedHashMap<>();
            for (var member : members.entrySet()) {
                before.put(member.getKey(), snapshot(member.getValue(), fileOf(member.getKey())));
            }
            McpHttp a = members.get("a");
            softly.assertThat(create(a, "/memories/b/own.md", "a's own b\n")).contains("created");
            softly.assertThat(call(a, "tools/call", tool("rename", Map.of("old_path", "/memories/b",
                    "new_path", "/memories/c")))).contains("Successfully renamed /memories/b to /memories/c");
            softly.assertThat(pathCall(a, "delete", "/memories/c")).isEqualTo("Successfully deleted /memories/c");
            softly.assertThat(pathCall(a, "delete", "/memories/b"))
                    .isEqualTo("Error: The path /memories/b does not exist");
            for (var member : members.entrySet()) {
                softly.assertThat(snapshot(member.getValue(), fileOf(member.getKey())))
                        .as(member.getKey() + " after a's rename and deletes").isEqualTo(before.get(member.getKey()));
            }
            softly.assertAll();
        }
    }

    /**
     * A root an earlier memdir served, {@code team/backend} nested in {@code team}: two servers started at once on it
     * move dave's memory out of carol's, once, with its history, and each serves both apart. A directory that records
     * another namespace (as a file system that ignores case would give {@code user/Eve}'s to {@code user/eve}) is
     * refused, and the log says why.
     */
    @Test
    void anOlderMemdirsNestedNamespaces_areMovedApartAtStart_byTwoServersAtOnce(@TempDir Path temp) throws Exception {
        Path root = temp.resolve("memory");
        Path area = root.resolve(".memdir-namespaces");
        oldNamespace(area.resolve("team"), "carol", "/memories/MEMORY.md", "- carol's index v1\n");
        oldNamespace(area.resolve("team/backend"), "dave", "/memories/plan.md", "dave's plan v1\n");
        Files.createDirectories(area.resolve("user+eve"));
        Files.writeString(area.resolve("user+eve/.memdir-namespace"), "user/Eve\n");
        TokenStore store = new TokenStore(List.of("--root", root.toString()), temp);
        Map<String, String> tokens = tokens(store, "carol", "team", "dave", "team/backend", "eve", "user/eve");

        CompletableFuture<ServingJar> first = CompletableFuture.supplyAsync(() -> serve(store));
        CompletableFuture<ServingJar> second = CompletableFuture.supplyAsync(() -> serve(store));
        try (ServingJar one = first.get(120, TimeUnit.SECONDS); ServingJar two = second.get(120, TimeUnit.SECONDS)) {
            for (ServingJar server : List.of(one, two)) {
                McpHttp dave = new McpHttp(server.mcp(), tokens.get("dave"));
                McpHttp carol = new McpHttp(server.mcp(), tokens.get("carol"));
                assertThat(pathCall(dave, "view", "/memories/plan.md")).contains("dave's plan v2");
                assertThat(read(dave, HISTORY + "plan.md")).contains(sha256("dave's plan v1\n"));
                assertThat(pathCall(carol, "view", "/memories")).contains("MEMORY.md").doesNotContain("backend");
                assertThat(pathCall(carol, "view", "/memories/backend/plan.md"))
                        .isEqualTo(missing("/memories/backend/plan.md"));
            }
            assertThat(area.resolve("team+backend/plan.md")).hasContent("dave's plan v2\n");
            assertThat(area.resolve("team/backend")).doesNotExist();
            String moved = "Moved namespace team/backend from " + area.resolve("team/backend") + " to "
                    + area.resolve("team+backend");
            assertThat(Stream.of(one.stderr(), two.stderr()).filter(log -> log.contains(moved)))
                    .as("the servers that moved dave's memory").hasSize(1);

            HttpResponse<String> eve = new McpHttp(one.mcp(), tokens.get("eve")).post("tools/list",
                    McpHttp.empty());
            assertThat(eve.statusCode()).isEqualTo(403);
            assertThat(eve.body()).isEqualTo("{\"error\":\"no memory is served here for eve\"}\n");
            assertThat(one.stderr()).contains("Cannot open the memory of eve in namespace user/eve: the directory "
                    + area.resolve("user+eve") + " holds namespace user/Eve, not user/eve (on a file system that"
                    + " ignores case, names that differ only in case share a directory); refused rather than shared");
        }
    }

    /** Makes the memory an earlier memdir kept at {@code directory}: one file, written then edited (its history). */
    private static void oldNamespace(Path directory, String actor, String path, String text) throws Exception {
        try (DirectoryStore store = DirectoryStore.open(DirectoryOptions.of(directory, StoreLimits.perFile(1 << 20),
                actor))) {
            MemoryTool tool = new MemoryTool(store, new FrontmatterStamper(Clock.systemUTC(), actor), false,
                    IndexBudget.DEFAULT);
            tool.call("create", Map.of("path", path, "file_text", text));
            tool.call("str_replace", Map.of("path", path, "old_str", "v1", "new_str", "v2"));
        }
    }

    private static ServingJar serve(TokenStore store) {
        try {
            return store.serve();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Makes a token for each user on the namespace named after it, and returns them by user. */
    private static Map<String, String> tokens(TokenStore store, String... usersAndNamespaces) throws Exception {
        Map<String, String> tokens = new LinkedHashMap<>();
        for (int i = 0; i < usersAndNamespaces.length; i += 2) {
            tokens.put(usersAndNamespaces[i], store.token(usersAndNamespaces[i],
                    "--namespace", usersAndNamespaces[i + 1]));
        }
        return tokens;
    }

    /** The file each namespace of the prefix test writes: its name says whose it is. */
    private static String fileOf(String namespace) {
        return "note-" + namespace.replace("/", "_slash_").replace(".", "_dot_").replace("-", "_dash_") + ".md";
    }

    /** A word only that namespace's file holds, which recall finds. */
    private static String wordOf(String namespace) {
        return switch (namespace) {
            case "a" -> "kiwi";
            case "a/b" -> "mango";
            case "a-b" -> "olive";
            case "a.b" -> "peach";
            default -> throw new IllegalArgumentException(namespace);
        };
    }

    /** A write of a principal's, which the streams of the others must not hear. */
    @FunctionalInterface
    private interface Write {
        void run() throws Exception;
    }

    /**
     * Listen streams of several principals, open together, each on {@link #STATUS}, its barrier's history and the same
     * URIs of its own memory: the histories of files only another principal writes, so that what a leak would bring
     * cannot pass for a principal's own barrier.
     */
    private static final class Streams implements AutoCloseable {

        private final Map<String, SubscriptionEvents> events = new LinkedHashMap<>();
        private final Map<String, McpHttp> principals;
        private final List<Listening> open = new ArrayList<>();
        private final Set<String> written = new HashSet<>();
        private int barriers;

        /** Opens a stream for each of {@code tokens} (by principal); each writes its barrier by {@code principals}. */
        Streams(URI mcp, Map<String, String> tokens, Map<String, McpHttp> principals, String... uris)
                throws Exception {
            this.principals = principals;
            String[] heard = Stream.concat(Stream.of(STATUS, HISTORY + BARRIER), Stream.of(uris))
                    .toArray(String[]::new);
            for (var token : tokens.entrySet()) {
                SubscriptionEvents stream = new SubscriptionEvents();
                open.add(ModernSdkClient.overHttp(mcp, token.getValue()).listen().resourceUpdates(heard).open(stream));
                stream.awaitSubscribed();
                events.put(token.getKey(), stream);
            }
            // What earlier writes caused is heard now, before any mark is taken.
            for (String principal : events.keySet()) {
                passBarrier(principal);
            }
        }

        /**
         * Runs {@code write}, a write of {@code writer}'s, waits until the writer's own stream heard it (so the
         * streams were listening), then until each other stream heard that principal's own barrier written after it,
         * and returns what else each other stream heard meanwhile.
         */
        Map<String, List<String>> heardByOthers(String writer, Write write) throws Exception {
            Map<String, Integer> marks = new LinkedHashMap<>();
            events.forEach((principal, heard) -> marks.put(principal, heard.mark()));
            write.run();
            events.get(writer).awaitUpdate(marks.get(writer), STATUS);
            Map<String, List<String>> others = new LinkedHashMap<>();
            for (String principal : events.keySet()) {
                if (!principal.equals(writer)) {
                    passBarrier(principal);
                    others.put(principal, events.get(principal).updatedFrom(marks.get(principal)).stream()
                            .filter(uri -> !uri.equals(STATUS) && !uri.equals(HISTORY + BARRIER)).toList());
                }
            }
            return others;
        }

        /** Writes {@code principal}'s barrier (a line more each time) and waits until its stream heard it. */
        private void passBarrier(String principal) throws Exception {
            int mark = events.get(principal).mark();
            McpHttp requests = principals.get(principal);
            String line = "barrier " + ++barriers + "\n";
            if (written.add(principal)) {
                assertThat(create(requests, "/memories/" + BARRIER, line)).contains("created");
            } else {
                assertThat(call(requests, "tools/call", tool("insert", Map.of("path", "/memories/" + BARRIER,
                        "insert_line", 0, "insert_text", line)))).contains("has been edited");
            }
            events.get(principal).awaitUpdate(mark, HISTORY + BARRIER);
        }

        @Override
        public void close() {
            open.forEach(Listening::close);
        }
    }

    /** What view answers for a path that does not exist. */
    private static String missing(String path) {
        return "Error: The path " + path + " does not exist. Please provide a valid path.";
    }

    private static String create(McpHttp requests, String path, String text) throws Exception {
        return text(requests.call("tools/call", tool("create", Map.of("path", path, "file_text", text))));
    }

    private static String pathCall(McpHttp requests, String command, String path) throws Exception {
        return text(requests.call("tools/call", tool(command, Map.of("path", path))));
    }

    private static String call(McpHttp requests, String method, ObjectNode params) throws Exception {
        return requests.call(method, params).toString();
    }

    private static String read(McpHttp requests, String uri) throws Exception {
        return requests.call("resources/read", params("uri", uri)).toString();
    }

    private static String completion(McpHttp requests, String typed) throws Exception {
        ObjectNode params = McpHttp.empty();
        params.putObject("ref").put("type", "ref/resource").put("uri", HISTORY + "{+path}");
        params.putObject("argument").put("name", "path").put("value", typed);
        return call(requests, "completion/complete", params);
    }

    private static ObjectNode prompt(String name, String query) {
        ObjectNode params = params("name", name);
        params.putObject("arguments").put("query", query);
        return params;
    }

    /**
     * What one principal's calls show of its memory: the listing and, for each of {@code paths} (below
     * {@code /memories}), the file as view shows it and its history.
     */
    private static Map<String, String> snapshot(McpHttp requests, String... paths) throws Exception {
        Map<String, String> seen = new LinkedHashMap<>();
        seen.put("listing", pathCall(requests, "view", "/memories"));
        for (String path : paths) {
            seen.put("file " + path, pathCall(requests, "view", "/memories/" + path));
            seen.put("history " + path, read(requests, HISTORY + path));
        }
        return seen;
    }

    private static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}

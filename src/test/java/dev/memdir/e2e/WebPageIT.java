package dev.memdir.e2e;

import static dev.memdir.e2e.WebPageChecks.hardened;
import static dev.memdir.e2e.WebPageChecks.localUi;
import static dev.memdir.e2e.WebPageChecks.memoryFile;
import static dev.memdir.e2e.WebPageChecks.root;
import static dev.memdir.e2e.WebPageChecks.sha256;
import static dev.memdir.e2e.support.WebVisitor.form;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.JarRun;
import dev.memdir.e2e.support.LegacySdkClient;
import dev.memdir.e2e.support.RawHttp;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.TokenStore;
import dev.memdir.e2e.support.WebVisitor;
import io.modelcontextprotocol.client.McpSyncClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web page through the real jar: {@code memdir ui}'s one-time address, its session cookie and the headers of
 * every answer; an edit that meets an agent's write; and {@code /ui} on a team server, where a principal logs in with
 * its token and sees nothing of another's, a read-only one changes nothing, and a revoked token ends its session.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class WebPageIT {

    private static final Pattern BASE = Pattern.compile("name=\"base\" value=\"([0-9a-f]{64})\"");

    @TempDir
    Path temp;

    @Test
    void theLocalAddressLogsInOnceWithAStrictCookieAndSigtermEndsIt() throws Exception {
        try (ServingJar ui = localUi(temp)) {
            WebVisitor visitor = new WebVisitor(ui.base());
            String secret = ui.login().substring(ui.login().indexOf('=') + 1);

            HttpResponse<String> first = visitor.logInAt(ui.login());
            HttpResponse<String> again = new WebVisitor(ui.base()).get(ui.login());
            HttpResponse<String> wrong = new WebVisitor(ui.base()).get("/ui/login?secret=" + secret.substring(1) + "x");
            HttpResponse<String> none = new WebVisitor(ui.base()).get("/ui/login");
            HttpResponse<String> tree = visitor.get("/ui/");

            assertThat(ui.login()).matches("/ui/login\\?secret=[A-Za-z0-9_-]{43}");
            assertThat(first.statusCode()).isEqualTo(303);
            assertThat(first.headers().firstValue("Location")).contains("/ui/");
            assertThat(first.headers().allValues("Set-Cookie")).singleElement().asString()
                    .matches("memdir_ui=[A-Za-z0-9_-]{43}; Path=/ui; Max-Age=43200; HttpOnly; SameSite=Strict")
                    .doesNotContain("Secure");
            for (HttpResponse<String> refused : List.of(again, wrong, none)) {
                assertThat(refused.statusCode()).as(refused.uri().toString()).isEqualTo(403);
                assertThat(refused.headers().allValues("Set-Cookie")).as(refused.uri().toString()).isEmpty();
                assertThat(refused.body()).contains("id=\"error\"").contains("has been used already");
            }
            assertThat(tree.statusCode()).isEqualTo(200);
            assertThat(tree.body()).contains("<main id=\"main\">").contains("data-principal=\"local\"");

            assertThat(ui.terminate(Duration.ofSeconds(20))).contains(0);
        }
    }

    @Test
    void withoutASessionAPageSendsToTheLoginAndAPostIsRefused401() throws Exception {
        memoryFile(temp, "note.md", "kept\n");
        try (ServingJar ui = localUi(temp)) {
            WebVisitor stranger = new WebVisitor(ui.base());
            WebVisitor forged = new WebVisitor(ui.base());
            forged.cookie("A".repeat(43));

            for (WebVisitor visitor : List.of(stranger, forged)) {
                for (String page : List.of("/ui/", "/ui/file?path=%2Fmemories%2Fnote.md", "/ui/edit?path=%2Fmemories"
                        + "%2Fnote.md", "/ui/history?path=%2Fmemories%2Fnote.md", "/ui/index", "/ui/search?q=kept",
                        "/ui/stale")) {
                    HttpResponse<String> answer = visitor.get(page);
                    assertThat(answer.statusCode()).as(page).isEqualTo(303);
                    assertThat(answer.headers().firstValue("Location")).as(page).contains("/ui/login");
                    assertThat(answer.body()).as(page).doesNotContain("kept");
                }
                assertThat(visitor.get("/ui/changes").statusCode()).isEqualTo(401);
                HttpResponse<String> delete = visitor.post("/ui/delete", form("path", "/memories/note.md"),
                        "Origin", visitor.origin());
                assertThat(delete.statusCode()).isEqualTo(401);
                assertThat(delete.body()).contains("Your session has ended");
            }
            assertThat(root(temp).resolve("note.md")).hasContent("kept");
        }
    }

    @Test
    void aLogoutEndsTheSessionAndItsCookieOpensNothingAfter() throws Exception {
        memoryFile(temp, "note.md", "kept\n");
        try (ServingJar ui = localUi(temp)) {
            WebVisitor visitor = new WebVisitor(ui.base());
            visitor.logInAt(ui.login());
            String cookie = visitor.cookie().orElseThrow();
            String csrf = visitor.csrf();

            HttpResponse<String> logout = visitor.post("/ui/logout", form("csrf", csrf), "Origin", visitor.origin());
            visitor.cookie(cookie);
            HttpResponse<String> page = visitor.get("/ui/");
            HttpResponse<String> delete = visitor.post("/ui/delete", form("csrf", csrf, "path", "/memories/note.md"),
                    "Origin", visitor.origin());
            HttpResponse<String> loginAgain = new WebVisitor(ui.base()).get(ui.login());

            assertThat(logout.statusCode()).isEqualTo(200);
            assertThat(logout.headers().allValues("Set-Cookie")).containsExactly(
                    "memdir_ui=; Path=/ui; Max-Age=0; HttpOnly; SameSite=Strict");
            assertThat(page.statusCode()).isEqualTo(303);
            assertThat(page.headers().firstValue("Location")).contains("/ui/login");
            assertThat(delete.statusCode()).isEqualTo(401);
            assertThat(loginAgain.statusCode()).isEqualTo(403);
            assertThat(root(temp).resolve("note.md")).hasContent("kept");
        }
    }

    @Test
    void everyAnswerOfThePageCarriesThePolicyAndTheHardeningHeaders() throws Exception {
        memoryFile(temp, "note.md", "# A note\n");
        try (ServingJar ui = localUi(temp)) {
            WebVisitor visitor = new WebVisitor(ui.base());
            List<HttpResponse<String>> answers = new ArrayList<>();
            answers.add(new WebVisitor(ui.base()).get("/ui/"));
            answers.add(new WebVisitor(ui.base()).get("/ui/login?secret=nope"));
            answers.add(new WebVisitor(ui.base()).post("/ui/edit", "csrf=x"));
            answers.add(visitor.logInAt(ui.login()));
            for (String page : List.of("/ui", "/ui/", "/ui/file?path=%2Fmemories%2Fnote.md",
                    "/ui/edit?path=%2Fmemories%2Fnote.md", "/ui/new?dir=%2Fmemories",
                    "/ui/history?path=%2Fmemories%2Fnote.md", "/ui/index", "/ui/search?q=note", "/ui/stale",
                    "/ui/changes", "/ui/assets/app.js", "/ui/assets/app.css", "/ui/assets/nothing.js",
                    "/ui/file?path=%2Fmemories%2Fgone.md", "/ui/file?path=..%2Fx", "/ui/nowhere")) {
                answers.add(visitor.get(page));
            }
            answers.add(visitor.post("/ui/delete", form("path", "/memories/note.md"), "Origin", "http://evil.example"));
            answers.add(visitor.submit("/ui/create", "path", "/memories/second.md", "content", "two\n"));

            assertThat(answers).extracting(HttpResponse::statusCode)
                    .containsExactly(303, 403, 401, 303, 303, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200,
                            404, 404, 400, 404, 403, 303);
            answers.forEach(WebPageChecks::hardened);
            assertThat(root(temp).resolve("note.md")).exists();
        }
    }

    @Test
    void aHostHeaderNamingAnotherSiteIsRefusedAndLeavesTheAddressUnused() throws Exception {
        try (ServingJar ui = localUi(temp)) {
            List<RawHttp.Response> rebound = new ArrayList<>();
            for (String host : List.of("evil.example:" + ui.port(), "evil.example", "127.0.0.1.evil.example:"
                    + ui.port(), "localhost.evil.example")) {
                try (RawHttp raw = new RawHttp(ui.port())) {
                    raw.head("GET " + ui.login() + " HTTP/1.1", Map.of("Host", host, "Connection", "close"));
                    rebound.add(raw.read());
                }
            }
            RawHttp.Response elsewhere;
            try (RawHttp raw = new RawHttp(ui.port())) {
                raw.head("GET /mcp HTTP/1.1", Map.of("Host", "127.0.0.1:" + ui.port(), "Connection", "close"));
                elsewhere = raw.read();
            }
            HttpResponse<String> own = new WebVisitor(ui.base()).logInAt(ui.login());

            assertThat(rebound).allSatisfy(answer -> {
                assertThat(answer.status()).isEqualTo(403);
                assertThat(answer.headers()).doesNotContainKey("set-cookie");
                assertThat(answer.body()).contains("<p id=\"error\" role=\"alert\">The Host header does not name"
                        + " this server.</p>").doesNotContain("evil");
                hardened("a rebound request", answer.headers());
            });
            assertThat(elsewhere.status()).isEqualTo(303);
            assertThat(elsewhere.headers()).containsEntry("location", "/ui/");
            hardened("a path outside /ui", elsewhere.headers());
            assertThat(own.statusCode()).isEqualTo(303);
            assertThat(own.headers().firstValue("Set-Cookie")).hasValueSatisfying(
                    cookie -> assertThat(cookie).startsWith("memdir_ui="));
        }
    }

    @Test
    void anEditThatMeetsAnAgentsWriteIsShownAsAConflictAndWritesNothing() throws Exception {
        memoryFile(temp, "plan.md", "step one\n");
        try (ServingJar ui = localUi(temp)) {
            WebVisitor visitor = new WebVisitor(ui.base());
            visitor.logInAt(ui.login());
            HttpResponse<String> opened = visitor.get("/ui/edit?path=%2Fmemories%2Fplan.md");
            String base = WebVisitor.field(opened.body(), BASE);

            McpSyncClient agent = LegacySdkClient.start(JarLauncher.plain("--root", root(temp).toString()));
            String agentSaid;
            try {
                agentSaid = LegacySdkClient.text(LegacySdkClient.call(agent, "str_replace", Map.of("path",
                        "/memories/plan.md", "old_str", "step one", "new_str", "step one, by the agent")));
            } finally {
                agent.closeGracefully();
            }
            HttpResponse<String> saved = visitor.submit("/ui/edit", "path", "/memories/plan.md", "base", base,
                    "content", "step one, by the person\n");

            assertThat(base).isEqualTo(sha256("step one\n"));
            assertThat(agentSaid).contains("edited");
            assertThat(saved.statusCode()).isEqualTo(409);
            assertThat(saved.body()).contains("<section id=\"conflict\"")
                    .contains("<pre id=\"theirs\">step one, by the agent\n</pre>")
                    // The form's own newline after <textarea>, which the HTML parser drops, then yours.
                    .contains(">\nstep one, by the person\n</textarea>")
                    .contains("<div class=\"diff\">")
                    .contains("name=\"base\" value=\"" + sha256("step one, by the agent\n") + "\"");
            hardened(saved);
            assertThat(root(temp).resolve("plan.md")).hasContent("step one, by the agent");
        }
    }

    // The team server: /ui under serve --http, logged in with bearer tokens.

    private record Team(TokenStore store, String alice, String bob, String reader) {}

    private Team team() throws Exception {
        TokenStore store = TokenStore.fresh("directory", temp);
        return new Team(store, store.token("alice"), store.token("bob"),
                store.token("rita", "--namespace", "user/alice", "--read-only"));
    }

    /** A store with alice's token alone, for the tests that need no second principal. */
    private Team alone() throws Exception {
        TokenStore store = TokenStore.fresh("directory", temp);
        return new Team(store, store.token("alice"), "", "");
    }

    private static WebVisitor loggedIn(ServingJar server, String token) throws Exception {
        WebVisitor visitor = new WebVisitor(server.base());
        HttpResponse<String> login = visitor.logIn(token);
        assertThat(login.statusCode()).as(login.body()).isEqualTo(303);
        assertThat(visitor.cookie()).isPresent();
        return visitor;
    }

    @Test
    void aSecondPrincipalFindsNothingOfTheFirstsFiles() throws Exception {
        Team team = team();
        try (ServingJar server = team.store().serve()) {
            WebVisitor alice = loggedIn(server, team.alice());
            WebVisitor bob = loggedIn(server, team.bob());
            String bobsChangesBefore = bob.get("/ui/changes").body();
            HttpResponse<String> created = alice.submit("/ui/create", "path", "/memories/secret.md", "content",
                    "alice-only-6e2f\n");
            String bobsChangesAfter = bob.get("/ui/changes").body();
            HttpResponse<String> bobsOwn = bob.submit("/ui/create", "path", "/memories/bobs.md", "content", "bob\n");
            String bobsChangesOwn = bob.get("/ui/changes").body();

            HttpResponse<String> bobReads = bob.get("/ui/file?path=%2Fmemories%2Fsecret.md");
            HttpResponse<String> bobsHistory = bob.get("/ui/history?path=%2Fmemories%2Fsecret.md");
            HttpResponse<String> bobsEdit = bob.get("/ui/edit?path=%2Fmemories%2Fsecret.md");
            HttpResponse<String> bobsTree = bob.get("/ui/");
            HttpResponse<String> bobsSearch = bob.get("/ui/search?q=alice-only-6e2f");
            HttpResponse<String> bobDeletes = bob.submit("/ui/delete", "path", "/memories/secret.md");
            HttpResponse<String> bobRenames = bob.submit("/ui/rename", "path", "/memories/secret.md", "new_path",
                    "/memories/mine.md");
            HttpResponse<String> aliceReads = alice.get("/ui/file?path=%2Fmemories%2Fsecret.md");
            HttpResponse<String> alicesTree = alice.get("/ui/");

            assertThat(created.statusCode()).isEqualTo(303);
            assertThat(bobsChangesBefore).matches("\\{\"changes\":\\d+\\}");
            assertThat(bobsChangesAfter).as("bob hears nothing of alice's writes").isEqualTo(bobsChangesBefore);
            assertThat(bobsChangesOwn).as("but hears his own").isNotEqualTo(bobsChangesBefore);
            assertThat(bobsOwn.statusCode()).isEqualTo(303);
            for (HttpResponse<String> refused : List.of(bobReads, bobsHistory, bobsEdit, bobDeletes, bobRenames)) {
                assertThat(refused.statusCode()).as(refused.uri().toString()).isEqualTo(404);
                assertThat(refused.body()).as(refused.uri().toString()).doesNotContain("alice-only-6e2f")
                        .contains("does not exist");
            }
            assertThat(bobsTree.statusCode()).isEqualTo(200);
            assertThat(bobsTree.body()).contains("data-path=\"/memories/bobs.md\"").doesNotContain("secret.md")
                    .contains("data-principal=\"bob\"");
            assertThat(bobsSearch.body()).doesNotContain("/memories/secret.md");
            assertThat(aliceReads.statusCode()).isEqualTo(200);
            assertThat(aliceReads.body()).contains("alice-only-6e2f");
            assertThat(alicesTree.body()).contains("data-path=\"/memories/secret.md\"").doesNotContain("bobs.md");
        }
    }

    @Test
    void aReadOnlyPrincipalSeesNoFormsAndItsChangesAreRefused403() throws Exception {
        Team team = team();
        try (ServingJar server = team.store().serve()) {
            WebVisitor alice = loggedIn(server, team.alice());
            assertThat(alice.submit("/ui/create", "path", "/memories/shared.md", "content", "read me\n")
                    .statusCode()).isEqualTo(303);
            WebVisitor rita = loggedIn(server, team.reader());

            HttpResponse<String> file = rita.get("/ui/file?path=%2Fmemories%2Fshared.md");
            HttpResponse<String> tree = rita.get("/ui/");
            HttpResponse<String> history = rita.get("/ui/history?path=%2Fmemories%2Fshared.md");
            HttpResponse<String> edit = rita.get("/ui/edit?path=%2Fmemories%2Fshared.md");
            HttpResponse<String> newFile = rita.get("/ui/new?dir=%2Fmemories");
            List<HttpResponse<String>> changes = List.of(
                    rita.submit("/ui/delete", "path", "/memories/shared.md"),
                    rita.submit("/ui/edit", "path", "/memories/shared.md", "base", sha256("read me\n"), "content",
                            "changed\n"),
                    rita.submit("/ui/create", "path", "/memories/rita.md", "content", "x\n"),
                    rita.submit("/ui/rename", "path", "/memories/shared.md", "new_path", "/memories/moved.md"));
            HttpResponse<String> after = alice.get("/ui/file?path=%2Fmemories%2Fshared.md");

            assertThat(file.statusCode()).isEqualTo(200);
            assertThat(file.body()).contains("read me").contains("(read-only)").doesNotContain("id=\"edit-form\"")
                    .doesNotContain("id=\"delete-form\"").doesNotContain("id=\"rename-form\"")
                    .doesNotContain("id=\"edit-link\"");
            assertThat(tree.body()).contains("data-path=\"/memories/shared.md\"").doesNotContain("id=\"new-link\"");
            assertThat(history.body()).doesNotContain("restore-form").doesNotContain("redact-form");
            assertThat(edit.statusCode()).isEqualTo(403);
            assertThat(newFile.statusCode()).isEqualTo(403);
            for (HttpResponse<String> refused : changes) {
                assertThat(refused.statusCode()).as(refused.uri().toString()).isEqualTo(403);
                assertThat(refused.body()).contains("read-only");
            }
            assertThat(after.body()).contains("read me");
            assertThat(alice.get("/ui/file?path=%2Fmemories%2Frita.md").statusCode()).isEqualTo(404);
        }
    }

    @Test
    void aWrongTokenIsRefused401AndARevokedTokenEndsItsSessionAtOnce() throws Exception {
        Team team = team();
        try (ServingJar server = team.store().serve()) {
            WebVisitor alice = loggedIn(server, team.alice());
            WebVisitor bob = loggedIn(server, team.bob());
            HttpResponse<String> before = alice.get("/ui/");
            WebVisitor guesser = new WebVisitor(server.base());
            HttpResponse<String> wrong = guesser.logIn(team.alice().substring(0, team.alice().length() - 2) + "xx");
            HttpResponse<String> empty = guesser.logIn("");
            HttpResponse<String> foreign = guesser.keep(guesser.post("/ui/login", form("token", team.bob()),
                    "Origin", "http://evil.example"));

            String aliceId = team.store().run("token", "list").stdout().lines()
                    .filter(line -> line.contains(" alice ")).findFirst().orElseThrow().split(" ")[0];
            JarRun revoked = team.store().run("token", "revoke", aliceId);
            HttpResponse<String> afterRevoke = alice.get("/ui/");
            HttpResponse<String> postAfterRevoke = alice.post("/ui/create", form("path", "/memories/late.md",
                    "content", "x"), "Origin", alice.origin());
            HttpResponse<String> loginAgain = new WebVisitor(server.base()).logIn(team.alice());
            HttpResponse<String> bobStill = bob.get("/ui/");

            assertThat(before.statusCode()).isEqualTo(200);
            assertThat(wrong.statusCode()).isEqualTo(401);
            assertThat(wrong.body()).contains("id=\"error\"").contains("id=\"login-form\"");
            assertThat(empty.statusCode()).isEqualTo(401);
            assertThat(foreign.statusCode()).isEqualTo(403);
            assertThat(guesser.cookie()).isEmpty();
            assertThat(revoked.exit()).as(revoked.stderr()).isZero();
            assertThat(afterRevoke.statusCode()).isEqualTo(303);
            assertThat(afterRevoke.headers().firstValue("Location")).contains("/ui/login");
            assertThat(postAfterRevoke.statusCode()).isEqualTo(401);
            assertThat(loginAgain.statusCode()).isEqualTo(401);
            assertThat(bobStill.statusCode()).isEqualTo(200);
            assertThat(loggedIn(server, team.reader()).get("/ui/file?path=%2Fmemories%2Flate.md").statusCode())
                    .isEqualTo(404);
        }
    }

    @Test
    void aFloodOfWrongTokensFromOneClientIsAnswered429WithRetryAfter() throws Exception {
        Team team = alone();
        try (ServingJar server = team.store().serve()) {
            WebVisitor guesser = new WebVisitor(server.base());
            List<Integer> statuses = new ArrayList<>();
            HttpResponse<String> limited = null;
            for (int i = 0; i < 200 && limited == null; i++) {
                HttpResponse<String> answer = guesser.logIn("mdt_" + "x".repeat(39) + String.format("%04d", i));
                statuses.add(answer.statusCode());
                if (answer.statusCode() == 429) {
                    limited = answer;
                }
            }

            assertThat(limited).as("statuses %s", statuses).isNotNull();
            assertThat(statuses.subList(0, statuses.size() - 1)).containsOnly(401).hasSizeGreaterThanOrEqualTo(10);
            assertThat(limited.headers().firstValue("Retry-After")).hasValueSatisfying(
                    seconds -> assertThat(Long.parseLong(seconds)).isPositive());
            assertThat(limited.body()).contains("Too many refused logins");
            assertThat(guesser.cookie()).isEmpty();
            hardened(limited);
        }
    }

    @Test
    void aHostHeaderNamingAnotherSiteIsRefusedOnTheTeamServerToo() throws Exception {
        Team team = alone();
        try (ServingJar server = team.store().serve()) {
            RawHttp.Response rebound;
            try (RawHttp raw = new RawHttp(server.port())) {
                String body = form("token", team.alice());
                raw.head("POST /ui/login HTTP/1.1", Map.of("Host", "evil.example:" + server.port(), "Origin",
                        "http://evil.example:" + server.port(), "Content-Type", "application/x-www-form-urlencoded",
                        "Content-Length", Integer.toString(body.length()), "Connection", "close"));
                raw.send(body);
                rebound = raw.read();
            }

            assertThat(rebound.status()).isEqualTo(403);
            assertThat(rebound.headers()).doesNotContainKey("set-cookie");
        }
    }
}

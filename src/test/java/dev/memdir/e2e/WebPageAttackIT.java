package dev.memdir.e2e;

import static dev.memdir.e2e.WebPageChecks.escaped;
import static dev.memdir.e2e.WebPageChecks.hardened;
import static dev.memdir.e2e.WebPageChecks.localUi;
import static dev.memdir.e2e.WebPageChecks.memoryFile;
import static dev.memdir.e2e.WebPageChecks.root;
import static dev.memdir.e2e.WebPageChecks.rendered;
import static dev.memdir.e2e.WebPageChecks.sha256;
import static dev.memdir.e2e.support.WebVisitor.form;
import static dev.memdir.e2e.support.WebVisitor.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.e2e.support.RawHttp;
import dev.memdir.e2e.support.ServingJar;
import dev.memdir.e2e.support.TokenStore;
import dev.memdir.e2e.support.WebVisitor;
import dev.memdir.memory.HostilePaths;
import dev.memdir.memory.HostilePaths.Hostile;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Attacks on the web page through the real jar: forged forms (no token, a wrong one, a foreign Origin, a cross-site
 * fetch), the hostile path corpus in every path a page or form takes, hostile Markdown and file names, and bodies and
 * numbers built to overflow a bound. Each attack leaves the memory, and the disk around it, as it was.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class WebPageAttackIT {

    /**
     * Markdown built to run script in whoever reads it, a paragraph a trick (a blank line apart, so that no raw HTML
     * block swallows the next); {@code \t} is a real tab.
     */
    private static final String HOSTILE_MARKDOWN = String.join("\n\n",
            "# Notes",
            "<script>alert(1)</script>",
            "<img src=x onerror=alert(1)>",
            "[x](javascript:alert(1))",
            "[y](JaVaScRiPt:alert(1))",
            "[z](java\tscript:alert(1))",
            "[w](<java\tscript:alert(1)>)",
            "[v](&#106;avascript:alert(1))",
            "<svg onload=alert(1)>",
            "<iframe src=//evil>",
            "![p](https://evil.example/p.png)",
            "[d](data:text/html,<script>alert(1)</script>)",
            "[e](<data:text/html,<script>alert(1)</script>>)",
            "<a href=\"javascript:alert(1)\">a</a>",
            "<div style=\"background:url(https://evil.example/b)\">s</div>",
            "`<script>alert(1)</script>`",
            "[u](https://example.com/ok)",
            "x".repeat(50_000),
            "");
    /** The elements CommonMark writes for the Markdown above; anything else came from the memory. */
    private static final Set<String> RENDERED_TAGS = Set.of("h1", "p", "a", "code", "em", "strong");

    @TempDir
    Path temp;

    private static WebVisitor loggedIn(ServingJar ui) throws Exception {
        WebVisitor visitor = new WebVisitor(ui.base());
        assertThat(visitor.logInAt(ui.login()).statusCode()).isEqualTo(303);
        return visitor;
    }

    @Test
    void aFormWithoutTheTokenOrFromAnotherSiteChangesNothing() throws Exception {
        Path note = memoryFile(temp, "note.md", "original\n");
        try (ServingJar ui = localUi(temp)) {
            WebVisitor visitor = loggedIn(ui);
            String csrf = visitor.csrf();
            String base = sha256("original\n");
            String own = visitor.origin();
            Map<String, HttpResponse<String>> forged = new java.util.LinkedHashMap<>();

            forged.put("no token", visitor.post("/ui/edit", form("path", "/memories/note.md", "base", base,
                    "content", "pwned\n"), "Origin", own));
            forged.put("an empty token", visitor.post("/ui/edit", form("csrf", "", "path", "/memories/note.md",
                    "base", base, "content", "pwned\n"), "Origin", own));
            forged.put("a wrong token", visitor.post("/ui/edit", form("csrf", csrf.substring(1) + "A", "path",
                    "/memories/note.md", "base", base, "content", "pwned\n"), "Origin", own));
            forged.put("the token in the query", visitor.post("/ui/edit?csrf=" + query(csrf), form("path",
                    "/memories/note.md", "base", base, "content", "pwned\n"), "Origin", own));
            forged.put("a foreign Origin", visitor.post("/ui/edit", form("csrf", csrf, "path", "/memories/note.md",
                    "base", base, "content", "pwned\n"), "Origin", "http://evil.example"));
            forged.put("a lookalike Origin", visitor.post("/ui/edit", form("csrf", csrf, "path",
                    "/memories/note.md", "base", base, "content", "pwned\n"), "Origin", own + ".evil.example"));
            forged.put("an Origin of null", visitor.post("/ui/edit", form("csrf", csrf, "path", "/memories/note.md",
                    "base", base, "content", "pwned\n"), "Origin", "null"));
            forged.put("a cross-site fetch", visitor.post("/ui/edit", form("csrf", csrf, "path",
                    "/memories/note.md", "base", base, "content", "pwned\n"), "Sec-Fetch-Site", "cross-site"));
            forged.put("a same-site fetch", visitor.post("/ui/edit", form("csrf", csrf, "path",
                    "/memories/note.md", "base", base, "content", "pwned\n"), "Sec-Fetch-Site", "same-site"));
            forged.put("a delete with no token", visitor.post("/ui/delete", form("path", "/memories/note.md"),
                    "Origin", own));
            forged.put("a delete from another site", visitor.post("/ui/delete", form("csrf", csrf, "path",
                    "/memories/note.md"), "Origin", "http://evil.example", "Sec-Fetch-Site", "cross-site"));
            forged.put("a logout with no token", visitor.post("/ui/logout", "", "Origin", own));
            Map<String, String> disk = new TreeMap<>();
            forged.keySet().forEach(name -> disk.put(name, read(note)));
            HttpResponse<String> stillIn = visitor.get("/ui/");
            HttpResponse<String> saved = visitor.post("/ui/edit", form("csrf", csrf, "path", "/memories/note.md",
                    "base", base, "content", "revised\n"), "Origin", own, "Sec-Fetch-Site", "same-origin");

            SoftAssertions soft = new SoftAssertions();
            forged.forEach((name, answer) -> {
                soft.assertThat(answer.statusCode()).as(name).isEqualTo(403);
                soft.assertThat(answer.body()).as(name).contains("id=\"error\"");
                soft.assertThat(disk.get(name)).as(name).isEqualTo("original\n");
            });
            soft.assertAll();
            assertThat(stillIn.statusCode()).isEqualTo(200);
            assertThat(saved.statusCode()).isEqualTo(303);
            assertThat(saved.headers().firstValue("Location")).contains("/ui/file?path=%2Fmemories%2Fnote.md");
            assertThat(note).hasContent("revised");
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "unreadable: " + e;
        }
    }

    @Test
    void everyHostilePathIsRefusedWithTheParsersWordsAndNothingOutsideTheRootChanges() throws Exception {
        memoryFile(temp, "keep.md", "keep\n");
        Files.createDirectories(temp.resolve("outside"));
        Files.writeString(temp.resolve("outside/secret.txt"), "outside\n");
        Files.writeString(temp.resolve("victim.txt"), "victim\n");
        try (ServingJar ui = localUi(temp)) {
            WebVisitor visitor = loggedIn(ui);
            String csrf = visitor.csrf();
            Map<String, String> outsideBefore = tree(temp, root(temp), temp.resolve("logs"));
            Map<String, String> rootBefore = tree(root(temp));
            // A lone surrogate has no UTF-8 form: no browser can send it, so no request can carry it.
            List<Hostile> corpus = HostilePaths.corpus()
                    .filter(hostile -> StandardCharsets.UTF_8.newEncoder().canEncode(hostile.path())).toList();
            assertThat(HostilePaths.corpus().count() - corpus.size()).isEqualTo(2);
            SoftAssertions soft = new SoftAssertions();

            for (Hostile hostile : corpus) {
                String path = hostile.path();
                List<String> pages = new ArrayList<>(List.of("/ui/file?path=", "/ui/history?path=",
                        "/ui/edit?path="));
                if (!path.isEmpty()) {
                    pages.add("/ui/?dir="); // an empty dir is the root's listing
                }
                for (String page : pages) {
                    HttpResponse<String> answer = visitor.get(page + query(path));
                    String what = page + " " + hostile;
                    soft.assertThat(answer.statusCode()).as(what).isIn(400, 404);
                    soft.assertThat(answer.body()).as(what).contains("<p id=\"error\" role=\"alert\">" + (path.isEmpty()
                            ? "The address names no path." : escaped(hostile.expected())) + "</p>");
                }
                List<Map.Entry<String, HttpResponse<String>>> posts = List.of(
                        Map.entry("create", visitor.post("/ui/create", form("csrf", csrf, "path", path, "content",
                                "pwned\n"), "Origin", visitor.origin())),
                        Map.entry("rename from", visitor.post("/ui/rename", form("csrf", csrf, "path", path,
                                "new_path", "/memories/moved.md"), "Origin", visitor.origin())),
                        Map.entry("rename to", visitor.post("/ui/rename", form("csrf", csrf, "path",
                                "/memories/keep.md", "new_path", path), "Origin", visitor.origin())),
                        Map.entry("edit", visitor.post("/ui/edit", form("csrf", csrf, "path", path, "base",
                                sha256("keep\n"), "content", "pwned\n"), "Origin", visitor.origin())),
                        Map.entry("delete", visitor.post("/ui/delete", form("csrf", csrf, "path", path),
                                "Origin", visitor.origin())));
                for (Map.Entry<String, HttpResponse<String>> post : posts) {
                    String what = post.getKey() + " " + hostile;
                    soft.assertThat(post.getValue().statusCode()).as(what).isEqualTo(400);
                    soft.assertThat(post.getValue().body()).as(what).contains("<p id=\"error\" role=\"alert\">"
                            + (path.isEmpty() ? "The form names no path." : escaped(hostile.expected())) + "</p>");
                }
            }
            soft.assertThat(tree(temp, root(temp), temp.resolve("logs"))).isEqualTo(outsideBefore);
            soft.assertThat(tree(root(temp))).isEqualTo(rootBefore);
            soft.assertThat(ui.stderr()).doesNotContain("The web page failed");
            soft.assertAll();
        }
    }

    /**
     * Every regular file and directory below {@code top}, but for those below {@code skipped}, with its content's
     * hash; memdir's own files (history, lock) left out.
     */
    private static Map<String, String> tree(Path top, Path... skipped) throws IOException {
        Map<String, String> tree = new TreeMap<>();
        try (Stream<Path> all = Files.walk(top)) {
            for (Path path : all.toList()) {
                if (Stream.of(skipped).anyMatch(path::startsWith) || top.relativize(path).toString().contains(".memdir")) {
                    continue;
                }
                tree.put(top.relativize(path).toString(), Files.isRegularFile(path)
                        ? sha256(Files.readString(path, StandardCharsets.ISO_8859_1)) : "dir");
            }
        }
        return tree;
    }

    @Test
    void hostileMarkdownRendersInertAndHostileNamesAreEscaped() throws Exception {
        try (ServingJar ui = localUi(temp)) {
            WebVisitor visitor = loggedIn(ui);
            HttpResponse<String> created = visitor.submit("/ui/create", "path", "/memories/hostile.md", "content",
                    HOSTILE_MARKDOWN);
            String name = "a<b\"c'd&e>.md";
            HttpResponse<String> named = visitor.submit("/ui/create", "path", "/memories/" + name, "content",
                    "<script>alert(2)</script>\n");

            HttpResponse<String> page = visitor.get("/ui/file?path=%2Fmemories%2Fhostile.md");
            String article = rendered(page.body());
            String lower = article.toLowerCase(Locale.ROOT);
            HttpResponse<String> tree = visitor.get("/ui/");
            HttpResponse<String> namedPage = visitor.get("/ui/file?path=" + query("/memories/" + name));
            HttpResponse<String> history = visitor.get("/ui/history?path=" + query("/memories/" + name));
            HttpResponse<String> edit = visitor.get("/ui/edit?path=%2Fmemories%2Fhostile.md");

            assertThat(created.statusCode()).isEqualTo(303);
            assertThat(named.statusCode()).isEqualTo(303);
            assertThat(page.statusCode()).isEqualTo(200);
            hardened(page);
            assertThat(lower).doesNotContain("<script", "<svg", "<iframe", "<img", "<div", "href=\"javascript:",
                    "href=\"data:", "src=\"https://evil", "src=\"//evil", "href=\"java\tscript:");
            // Text may hold " onerror=" (escaped, it is only text); an element of the article may not.
            List<String> tags = Pattern.compile("<(/?)([a-z0-9]+)([^>]*)>").matcher(lower).results()
                    .map(tag -> tag.group(0)).toList();
            assertThat(tags).isNotEmpty().allSatisfy(tag -> {
                assertThat(tag).matches("</?([a-z0-9]+)( [a-z-]+=\"[^\"<]*\")*>");
                assertThat(tag.replaceAll("^</?([a-z0-9]+).*$", "$1")).isIn(RENDERED_TAGS);
                assertThat(tag).doesNotContainPattern(" on[a-z]+=").doesNotContain(" style=").doesNotContain(" src=");
            });
            assertThat(article).contains("&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;svg onload=alert(1)&gt;",
                    "&lt;iframe src=//evil&gt;", "&lt;img src=x onerror=alert(1)&gt;");
            assertThat(Pattern.compile("href=\"([^\"]*)\"").matcher(article).results().map(m -> m.group(1)))
                    .contains("https://example.com/ok", "")
                    .allSatisfy(href -> assertThat(href).isIn("", "https://example.com/ok",
                            "https://evil.example/p.png"));
            assertThat(article).contains("class=\"remote-image\"");
            assertThat(count(page.body(), "<script")).as("the page's one script, the jar's").isOne();
            assertThat(page.body()).contains("<script src=\"/ui/assets/app.js\" defer></script>");
            assertThat(tree.body()).contains("a&lt;b\"c'd&amp;e&gt;.md").doesNotContain("a<b");
            assertThat(tree.body()).contains("href=\"/ui/file?path=%2Fmemories%2Fa%3Cb%22c%27d%26e%3E.md\"");
            for (HttpResponse<String> shown : List.of(namedPage, history, edit)) {
                assertThat(shown.statusCode()).as(shown.uri().toString()).isEqualTo(200);
                assertThat(shown.body()).as(shown.uri().toString()).doesNotContain("a<b\"c").doesNotContain(
                        "<script>alert");
                assertThat(count(shown.body(), "<script")).as(shown.uri().toString()).isOne();
            }
            assertThat(namedPage.body()).contains("value=\"/memories/a&lt;b&#34;c&#39;d&amp;e>.md\"");
        }
    }

    @Test
    void whatAPageEchoesOfTheRequestOrTheMemoryIsTextNeverMarkup() throws Exception {
        String script = "<script>alert(3)</script>";
        String original = "---\ndescription: \"" + script + "\"\n---\n# Front\n";
        memoryFile(temp, "front.md", original);
        try (ServingJar ui = localUi(temp)) {
            WebVisitor visitor = loggedIn(ui);
            HttpResponse<String> edited = visitor.submit("/ui/edit", "path", "/memories/front.md", "base",
                    sha256(original), "content", original + script + "\n");
            Map<String, HttpResponse<String>> echoes = new java.util.LinkedHashMap<>();
            echoes.put("a search's query", visitor.get("/ui/search?q=" + query(script)));
            echoes.put("a missing file's path", visitor.get("/ui/file?path=" + query("/memories/" + script + ".md")));
            echoes.put("a missing directory", visitor.get("/ui/?dir=" + query("/memories/" + script)));
            echoes.put("a new file's directory", visitor.get("/ui/new?dir=" + query("/memories/" + script)));
            echoes.put("the frontmatter", visitor.get("/ui/file?path=%2Fmemories%2Ffront.md"));
            echoes.put("a history's diff", visitor.get("/ui/history?path=%2Fmemories%2Ffront.md"));
            echoes.put("an edit's text", visitor.get("/ui/edit?path=%2Fmemories%2Ffront.md"));
            echoes.put("a conflict's two texts", visitor.submit("/ui/edit", "path", "/memories/front.md", "base",
                    sha256(original), "content", script + script));
            echoes.put("a refused create's path", visitor.submit("/ui/create", "path", "/memories/" + script
                    + "/./x.md", "content", "x"));

            assertThat(edited.statusCode()).isEqualTo(303);
            assertThat(echoes).allSatisfy((what, answer) -> {
                assertThat(answer.statusCode()).as(what).isIn(200, 400, 404, 409);
                assertThat(count(answer.body(), "<script")).as(what).isOne();
                // As element text or as a quoted attribute's value, where jte leaves '>' as it is.
                assertThat(answer.body()).as(what).containsAnyOf("&lt;script&gt;alert(3)&lt;/script&gt;",
                        "&lt;script>alert(3)&lt;/script>").doesNotContain(script.substring(0, 20));
            });
            assertThat(echoes.get("a conflict's two texts").statusCode()).isEqualTo(409);
            assertThat(echoes.get("a missing file's path").statusCode()).isEqualTo(404);
        }
    }

    private static int count(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }

    @Test
    void aBodyOverTheLimitIsRefused413BeforeItIsRead() throws Exception {
        try (ServingJar ui = localUi(temp, "--max-file-bytes", "10000")) {
            WebVisitor visitor = loggedIn(ui);
            long limit = 3 * 10_000 + 64 * 1024;
            RawHttp.Response over = declaredButNotSent(ui.port(), visitor, limit + 1);
            HttpResponse<String> justOver = visitor.post("/ui/create", "csrf=" + visitor.csrf() + "&content="
                    + "x".repeat((int) limit) + "&path=%2Fmemories%2Fbig.md", "Origin", visitor.origin());
            HttpResponse<String> fields = visitor.post("/ui/create", "csrf=" + visitor.csrf() + "&path=%2Fmemories"
                    + "%2Ff.md&content=x" + "&f=".repeat(20_000), "Origin", visitor.origin());
            HttpResponse<String> typed = visitor.postAs("/ui/create", "text/plain", form("csrf", visitor.csrf(),
                    "path", "/memories/t.md", "content", "x"), "Origin", visitor.origin());
            HttpResponse<String> multipart = visitor.postAs("/ui/create", "multipart/form-data; boundary=b",
                    "--b\r\nContent-Disposition: form-data; name=\"path\"\r\n\r\n/memories/m.md\r\n--b--\r\n",
                    "Origin", visitor.origin());
            HttpResponse<String> stillServed = visitor.get("/ui/");

            assertThat(over.status()).isEqualTo(413);
            assertThat(over.body()).contains("The form is larger than " + limit + " bytes.");
            assertThat(justOver.statusCode()).isEqualTo(413);
            assertThat(fields.statusCode()).isEqualTo(413);
            assertThat(fields.body()).contains("more than 20000 fields");
            assertThat(typed.statusCode()).isEqualTo(415);
            assertThat(multipart.statusCode()).isEqualTo(415);
            List.of(justOver, fields, typed, multipart).forEach(WebPageChecks::hardened);
            assertThat(stillServed.statusCode()).isEqualTo(200);
            assertThat(Stream.of("big.md", "f.md", "t.md", "m.md").map(root(temp)::resolve)).noneMatch(Files::exists);
        }
    }

    @Test
    void aBodyOverMaxRequestBytesIsRefused413OnTheTeamServer() throws Exception {
        TokenStore store = TokenStore.fresh("directory", temp);
        String alice = store.token("alice");
        try (ServingJar server = store.serve("--max-request-bytes", "100000")) {
            WebVisitor visitor = new WebVisitor(server.base());
            assertThat(visitor.logIn(alice).statusCode()).isEqualTo(303);
            RawHttp.Response over = declaredButNotSent(server.port(), visitor, 100_001);
            HttpResponse<String> sentOver = visitor.post("/ui/create", "csrf=" + visitor.csrf() + "&path=%2Fmemories"
                    + "%2Fbig.md&content=" + "x".repeat(100_001), "Origin", visitor.origin());
            RawHttp.Response loginOver;
            try (RawHttp raw = new RawHttp(server.port())) {
                raw.head("POST /ui/login HTTP/1.1", Map.of("Host", "127.0.0.1:" + server.port(), "Content-Type",
                        "application/x-www-form-urlencoded", "Content-Length", "10000000", "Connection", "close"));
                raw.send("token=");
                loginOver = raw.read();
            }
            HttpResponse<String> fine = visitor.submit("/ui/create", "path", "/memories/small.md", "content", "ok\n");

            assertThat(over.status()).isEqualTo(413);
            assertThat(sentOver.statusCode()).isEqualTo(413);
            assertThat(loginOver.status()).isEqualTo(413);
            assertThat(fine.statusCode()).isEqualTo(303);
            assertThat(visitor.get("/ui/").body()).contains("small.md").doesNotContain("big.md");
        }
    }

    @Test
    void aFormSentAByteAtATimeIsCutOnTheTeamServer() throws Exception {
        TokenStore store = TokenStore.fresh("directory", temp);
        String alice = store.token("alice");
        try (ServingJar server = store.serve()) {
            WebVisitor visitor = new WebVisitor(server.base());
            assertThat(visitor.logIn(alice).statusCode()).isEqualTo(303);

            trickledFormsAreCut(server.port(), visitor, "token");
        }
    }

    @Test
    void aFormSentAByteAtATimeOrPastTheLimitUnannouncedIsCutOnTheLocalPageAsOnTheTeamServer() throws Exception {
        try (ServingJar ui = localUi(temp, "--max-file-bytes", "10000")) {
            WebVisitor visitor = loggedIn(ui);
            long limit = 3 * 10_000 + 64 * 1024;

            trickledFormsAreCut(ui.port(), visitor, "secret");
            RawHttp.Response unannounced;
            try (RawHttp raw = new RawHttp(ui.port())) {
                raw.head("POST /ui/create HTTP/1.1", Map.of("Host", "127.0.0.1:" + ui.port(), "Origin",
                        visitor.origin(), "Cookie", WebVisitor.COOKIE + "=" + visitor.cookie().orElseThrow(),
                        "Content-Type", "application/x-www-form-urlencoded", "Transfer-Encoding", "chunked"));
                String fields = "csrf=" + visitor.csrf() + "&path=%2Fmemories%2Fbig.md&content=";
                StringBuilder chunks = new StringBuilder(Integer.toHexString(fields.length()) + "\r\n" + fields
                        + "\r\n");
                String chunk = "x".repeat(2000);
                while (chunks.length() <= limit + chunk.length()) {
                    chunks.append(Integer.toHexString(chunk.length())).append("\r\n").append(chunk).append("\r\n");
                }
                raw.send(chunks.toString());
                unannounced = raw.read();
            }

            assertThat(unannounced.status()).isEqualTo(413);
            assertThat(unannounced.body()).contains("<p id=\"error\" role=\"alert\">The request body is over "
                    + limit + " bytes");
            hardened("a body past the limit without a length", unannounced.headers());
            assertThat(visitor.get("/ui/").body()).doesNotContain("big.md");
            assertThat(root(temp).resolve("big.md")).doesNotExist();
        }
    }

    /**
     * Sends a login ({@code loginField=...}) and a change to {@code port}, each a byte a second after its head, and
     * asserts that both were cut as a body read without a thread of its own is, and that the change wrote nothing.
     */
    private static void trickledFormsAreCut(int port, WebVisitor visitor, String loginField) throws Exception {
        String host = "Host: 127.0.0.1:" + port + "\r\n";
        String form = "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 2000\r\n\r\n";

        Trickled login = trickle(port, "POST /ui/login HTTP/1.1\r\n" + host + form + loginField + "=");
        Trickled change = trickle(port, "POST /ui/create HTTP/1.1\r\n" + host + "Cookie: " + WebVisitor.COOKIE + "="
                + visitor.cookie().orElseThrow() + "\r\n" + form + "csrf=" + visitor.csrf()
                + "&path=%2Fmemories%2Fslow.md&content=");
        HttpResponse<String> after = visitor.get("/ui/");

        // Without a thread of its own, a body is held to 1 KiB a second from 5 s after its first byte.
        for (Trickled cut : List.of(login, change)) {
            assertThat(cut.seconds()).as(cut.toString()).isBetween(4L, 15L);
            assertThat(cut.answer()).as(cut.toString()).satisfiesAnyOf(
                    answer -> assertThat(answer).startsWith("HTTP/1.1 408"), answer -> assertThat(answer).isEmpty());
        }
        assertThat(after.statusCode()).isEqualTo(200);
        assertThat(after.body()).doesNotContain("slow.md");
    }

    /** How long the server let a trickled body go on, and what it answered (empty: it closed the connection). */
    private record Trickled(long seconds, String answer) {}

    /** Sends {@code head} and then a byte a second, for at most 40 s, until the server answers or closes. */
    private static Trickled trickle(int port, String head) throws IOException {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
            socket.setSoTimeout(1000);
            long start = System.nanoTime();
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            byte[] answer = new byte[64];
            while (TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) < 40) {
                try {
                    int read = socket.getInputStream().read(answer);
                    return new Trickled(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start),
                            read < 0 ? "" : new String(answer, 0, read, StandardCharsets.US_ASCII));
                } catch (java.net.SocketTimeoutException stillOpen) {
                    try {
                        socket.getOutputStream().write('x');
                    } catch (IOException closed) {
                        return new Trickled(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start), "");
                    }
                }
            }
            return new Trickled(Long.MAX_VALUE, "still open after 40 s");
        }
    }

    /**
     * Sends a POST whose Content-Length says {@code declared} bytes but only a few of them, and reads the answer: a
     * server that waited for the whole body would answer nothing until the socket's timeout.
     */
    private static RawHttp.Response declaredButNotSent(int port, WebVisitor visitor, long declared) throws Exception {
        String csrf = visitor.csrf();
        try (RawHttp raw = new RawHttp(port)) {
            long start = System.nanoTime();
            raw.head("POST /ui/create HTTP/1.1", Map.of("Host", "127.0.0.1:" + port, "Origin", visitor.origin(),
                    "Cookie", WebVisitor.COOKIE + "=" + visitor.cookie().orElseThrow(), "Content-Type",
                    "application/x-www-form-urlencoded", "Content-Length", Long.toString(declared), "Connection",
                    "close"));
            raw.send("csrf=" + csrf + "&path=%2Fmemories%2Fbig.md&content=xxxx");
            RawHttp.Response answer = raw.read();
            assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)).isLessThan(10);
            return answer;
        }
    }

    @Test
    void pageNumbersAndOffsetsOutOfRangeAreClamped() throws Exception {
        try (ServingJar ui = localUi(temp, "--history-keep", "100")) {
            WebVisitor visitor = loggedIn(ui);
            assertThat(visitor.submit("/ui/create", "path", "/memories/long.md", "content", "v0\n").statusCode())
                    .isEqualTo(303);
            String csrf = visitor.csrf();
            for (int v = 1; v <= 55; v++) {
                HttpResponse<String> saved = visitor.post("/ui/edit", form("csrf", csrf, "path", "/memories/long.md",
                        "base", sha256("v" + (v - 1) + "\n"), "content", "v" + v + "\n"), "Origin", visitor.origin());
                assertThat(saved.statusCode()).as("edit %d", v).isEqualTo(303);
            }
            Map<String, String> shown = new java.util.LinkedHashMap<>();
            for (String page : List.of("0", "1", "2", "99999", "2147483647", "2147483648", "99999999999",
                    "-5", "-99999999999", "x", "", "1e3", "%2B1")) {
                HttpResponse<String> history = visitor.get("/ui/history?path=%2Fmemories%2Flong.md&page=" + page);
                assertThat(history.statusCode()).as(page).isEqualTo(200);
                shown.put(page, WebVisitor.field(history.body(), Pattern.compile("(Page \\d+ of \\d+)")));
            }
            List<Integer> trees = new ArrayList<>();
            for (String offset : List.of("-1", "0", "99999999999", "-99999999999", "x", "2147483647")) {
                HttpResponse<String> tree = visitor.get("/ui/?offset=" + offset);
                trees.add(tree.statusCode());
                assertThat(tree.body()).as(offset).contains("data-path=\"/memories/long.md\"");
            }

            assertThat(shown).containsEntry("0", "Page 1 of 2").containsEntry("1", "Page 2 of 2")
                    .containsEntry("2", "Page 2 of 2").containsEntry("99999", "Page 2 of 2")
                    .containsEntry("2147483647", "Page 2 of 2").containsEntry("2147483648", "Page 2 of 2")
                    .containsEntry("99999999999", "Page 2 of 2").containsEntry("-5", "Page 1 of 2")
                    .containsEntry("-99999999999", "Page 1 of 2").containsEntry("x", "Page 1 of 2")
                    .containsEntry("", "Page 1 of 2").containsEntry("1e3", "Page 1 of 2")
                    .containsEntry("%2B1", "Page 2 of 2");
            assertThat(trees).containsOnly(200);
        }
    }
}

package dev.memdir.web;

import dev.memdir.auth.Principal;
import dev.memdir.desk.EditConflict;
import dev.memdir.desk.MemoryDesk;
import dev.memdir.desk.OpenedFile;
import dev.memdir.memory.path.MemoryPath;
import dev.memdir.memory.store.CommandException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The web page at {@code /ui}: a session's pages over its principal's memory, and the login that begins one. Every
 * answer carries a Content-Security-Policy that allows no inline script, no remote resource and no framing; every
 * change is a POST that carries the session's form token and, when the browser names one, this server's origin; the
 * session cookie is {@code HttpOnly}, {@code SameSite=Strict}, {@code Secure} under TLS, and expires.
 */
public final class WebUi {

    public static final String PREFIX = "/ui";
    static final String COOKIE = "memdir_ui";
    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    private static final Logger LOG = LoggerFactory.getLogger(WebUi.class);

    /** Counts a client's refused logins; a count past its limit answers how many seconds to wait. */
    public interface Refusals {
        OptionalLong take(HttpServletRequest request);
    }

    /** Counts a principal's requests; a count past its rate answers how many seconds to wait. */
    public interface Rate {
        OptionalLong take(Principal principal);
    }

    private final WebLogin login;
    private final DeskSource desks;
    private final Refusals refusals;
    private final Rate rate;
    private final long maxBodyBytes;
    private final WebSessions sessions;

    /**
     * @param rate how many requests a principal may make, as on {@code /mcp}
     * @param maxBodyBytes the largest form a page may post (a file's text, encoded, is most of it)
     */
    public WebUi(WebLogin login, DeskSource desks, Refusals refusals, Rate rate, long maxBodyBytes, Clock clock) {
        this.login = login;
        this.desks = desks;
        this.refusals = refusals;
        this.rate = rate;
        this.maxBodyBytes = maxBodyBytes;
        this.sessions = new WebSessions(clock);
    }

    /** Returns whether {@code path} (a request's path) is one of the page's. */
    public static boolean serves(String path) {
        return path.equals(PREFIX) || path.startsWith(PREFIX + "/");
    }

    /**
     * Returns whether {@code request} is a form posted to a page, whose body {@link #serve(HttpServletRequest,
     * HttpServletResponse, Optional)} can take read already: a server that reads bodies without a thread waiting on
     * them reads it first, so that a body sent a byte at a time holds no thread.
     */
    public static boolean postsForm(HttpServletRequest request) {
        return request.getMethod().equals("POST") && serves(request.getRequestURI()) && FormBody.isForm(request);
    }

    public void serve(HttpServletRequest request, HttpServletResponse response) throws IOException {
        serve(request, response, Optional.empty());
    }

    /** Answers {@code request}, whose body was read already when {@code body} holds it. */
    public void serve(HttpServletRequest request, HttpServletResponse response, Optional<byte[]> body)
            throws IOException {
        long start = System.nanoTime();
        Answer answer = new Answer(response, start);
        answer.headers();
        String path = request.getRequestURI().substring(request.getContextPath().length());
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD") && !method.equals("POST")) {
            response.setHeader("Allow", "GET, HEAD, POST");
            answer.bare(405, "Not allowed", WebPages.error("The web page answers GET and POST only."));
            return;
        }
        if (path.equals(PREFIX)) {
            answer.redirect(PREFIX + "/");
            return;
        }
        if (path.startsWith(PREFIX + "/assets/")) {
            asset(path.substring((PREFIX + "/assets/").length()), answer);
            return;
        }
        if (path.equals(PREFIX + "/login")) {
            login(request, body, method, answer);
            return;
        }
        Optional<WebSessions.Session> session = sessions.find(cookie(request))
                .filter(found -> login.stillStands(found.principal, found.token));
        if (session.isEmpty()) {
            if (method.equals("POST") || path.equals(PREFIX + "/changes")) {
                answer.bare(401, "Logged out", WebPages.error("Your session has ended: log in again."));
            } else {
                answer.redirect(PREFIX + "/login");
            }
            return;
        }
        OptionalLong wait = rate.take(session.get().principal);
        if (wait.isPresent()) {
            response.setHeader("Retry-After", Long.toString(wait.getAsLong()));
            answer.bare(429, "Too many requests", WebPages.error("Too many requests from "
                    + session.get().principal.name() + "; try again in " + wait.getAsLong() + " s."));
            return;
        }
        Optional<DeskSource.Hold> hold;
        try {
            hold = desks.open(session.get().principal);
        } catch (RuntimeException e) {
            LOG.warn("The web page cannot open the memory of {}: {}", session.get().principal.name(), e.toString());
            answer.bare(503, "Unavailable", WebPages.error("The memory cannot be opened now; try again soon."));
            return;
        }
        if (hold.isEmpty()) {
            answer.bare(403, "No memory", WebPages.error("No memory is served here for "
                    + session.get().principal.name() + "."));
            return;
        }
        try (DeskSource.Hold held = hold.get()) {
            WebRequest visit = new WebRequest(request, session.get(), held.desk(), answer);
            if (method.equals("POST")) {
                post(visit, body, path);
            } else {
                get(visit, path);
            }
        } catch (RuntimeException e) {
            LOG.warn("The web page failed on {} {}: {}", method, path, e.toString());
            if (!response.isCommitted()) {
                answer.bare(500, "Failed", WebPages.error("The server failed to answer; its log says why."));
            }
        }
    }

    private void login(HttpServletRequest request, Optional<byte[]> body, String method, Answer answer)
            throws IOException {
        if (!login.byForm()) {
            Optional<Principal> principal = login.trade(request.getParameter("secret"));
            if (principal.isEmpty()) {
                answer.bare(403, "Log in", WebPages.error("This address has been used already, or is not this"
                        + " server's. Start 'memdir ui' again for a new one."));
                return;
            }
            begin(principal.get(), Optional.empty(), request, answer);
            return;
        }
        if (method.equals("GET")) {
            answer.bare(200, "Log in", WebPages.login(false));
            return;
        }
        if (!sameOrigin(request)) {
            answer.bare(403, "Refused", WebPages.error("This form was not sent from this server's page."));
            return;
        }
        FormBody form;
        try {
            form = FormBody.read(request, body, 64 * 1024);
        } catch (FormBody.Refused refused) {
            answer.bare(refused.status, "Refused", WebPages.error(refused.getMessage()));
            return;
        }
        Optional<String> token = form.first("token");
        Optional<Principal> principal = token.flatMap(login::accept);
        if (principal.isEmpty()) {
            OptionalLong wait = refusals.take(request);
            if (wait.isPresent()) {
                answer.response.setHeader("Retry-After", Long.toString(wait.getAsLong()));
                answer.bare(429, "Log in", WebPages.error("Too many refused logins from this address; try again in "
                        + wait.getAsLong() + " s."));
                return;
            }
            answer.bare(401, "Log in", WebPages.login(true));
            return;
        }
        begin(principal.get(), token.map(String::trim), request, answer);
    }

    private void begin(Principal principal, Optional<String> token, HttpServletRequest request, Answer answer) {
        WebSessions.Session session = sessions.begin(principal, token);
        answer.response.addHeader("Set-Cookie", COOKIE + "=" + session.id + "; Path=" + PREFIX + "; Max-Age="
                + WebSessions.LIFETIME.toSeconds() + "; HttpOnly; SameSite=Strict" + (secure(request) ? "; Secure"
                : ""));
        answer.redirect(PREFIX + "/");
    }

    /** Under TLS, served here or by a proxy in front (whose page the browser names in the login's Origin). */
    private static boolean secure(HttpServletRequest request) {
        String origin = request.getHeader("Origin");
        return request.isSecure() || origin != null && origin.trim().toLowerCase(Locale.ROOT).startsWith("https://");
    }

    private static String cookie(HttpServletRequest request) {
        String header = request.getHeader("Cookie");
        if (header == null) {
            return null;
        }
        for (String part : header.split(";")) {
            String trimmed = part.trim();
            if (trimmed.startsWith(COOKIE + "=")) {
                return trimmed.substring(COOKIE.length() + 1);
            }
        }
        return null;
    }

    /**
     * Returns whether the browser says the request comes from this server's own page: its Origin, when sent, is
     * this server's Host (over either scheme: behind a TLS-terminating proxy the browser's is https, this server's
     * http), and its Sec-Fetch-Site, when sent, is same-origin.
     */
    static boolean sameOrigin(HttpServletRequest request) {
        String origin = request.getHeader("Origin");
        String host = request.getHeader("Host");
        if (origin != null) {
            String sent = origin.trim();
            boolean own = host != null && !host.isBlank() && (sent.equalsIgnoreCase("http://" + host.trim())
                    || sent.equalsIgnoreCase("https://" + host.trim()));
            if (!own) {
                return false;
            }
        }
        String site = request.getHeader("Sec-Fetch-Site");
        return site == null || site.equals("same-origin");
    }

    private void get(WebRequest visit, String path) throws IOException {
        MemoryDesk desk = visit.desk;
        try {
            switch (path) {
                case PREFIX + "/" -> {
                    MemoryPath directory = visit.path("dir").orElse(MemoryPath.of(List.of()));
                    visit.page("Files",
                            WebPages.tree(visit.frame(), desk.directory(directory, visit.number("offset"))));
                }
                case PREFIX + "/file" -> {
                    OpenedFile file = desk.file(visit.requiredPath("path"));
                    visit.page(file.path().display(),
                            WebPages.file(visit.frame(), file, MarkdownView.render(file.text())));
                }
                case PREFIX + "/edit" -> {
                    visit.writable();
                    OpenedFile file = desk.file(visit.requiredPath("path"));
                    visit.page("Edit " + file.path().display(), WebPages.edit(visit.frame(), file));
                }
                case PREFIX + "/new" -> {
                    visit.writable();
                    visit.page("New file", WebPages.create(visit.frame(),
                            visit.path("dir").orElse(MemoryPath.of(List.of()))));
                }
                case PREFIX + "/history" -> {
                    MemoryPath file = visit.requiredPath("path");
                    visit.page("History of " + file.display(),
                            WebPages.history(visit.frame(), desk.history(file, visit.number("page"))));
                }
                case PREFIX + "/index" -> visit.page("Index", WebPages.index(desk.index()));
                case PREFIX + "/search" -> {
                    String query = Optional.ofNullable(visit.request.getParameter("q")).orElse("");
                    visit.page("Search", WebPages.search(query, desk.search(query)));
                }
                case PREFIX + "/stale" -> visit.page("Stale files", WebPages.stale(visit.frame(), desk.stale()));
                case PREFIX + "/deleted" -> visit.page("Deleted files", WebPages.gone(desk.gone()));
                case PREFIX + "/changes" -> visit.answer.json("{\"changes\":" + desk.changes() + "}");
                default -> visit.answer.page(404, "Not found", visit.frame(), WebPages.error("There is no such page."));
            }
        } catch (CommandException refused) {
            visit.refused(refused.text());
        } catch (WebRequest.Refused refused) {
            visit.answer.page(refused.status, "Refused", visit.frame(), WebPages.error(refused.getMessage()));
        }
    }

    private void post(WebRequest visit, Optional<byte[]> body, String path) throws IOException {
        if (!sameOrigin(visit.request)) {
            visit.answer.page(403, "Refused", visit.frame(), WebPages.error("This form was not sent from this"
                    + " server's page."));
            return;
        }
        FormBody form;
        try {
            form = FormBody.read(visit.request, body, maxBodyBytes);
        } catch (FormBody.Refused refused) {
            visit.answer.page(refused.status, "Refused", visit.frame(), WebPages.error(refused.getMessage()));
            return;
        }
        if (!visit.session.sentBack(form.first("csrf").orElse(null))) {
            visit.answer.page(403, "Refused", visit.frame(), WebPages.error("This form's token is missing or out of"
                    + " date: reload the page and try again."));
            return;
        }
        if (path.equals(PREFIX + "/logout")) {
            sessions.end(visit.session);
            visit.answer.response.addHeader("Set-Cookie", COOKIE + "=; Path=" + PREFIX
                    + "; Max-Age=0; HttpOnly; SameSite=Strict");
            visit.answer.bare(200, "Logged out", "<h1>Logged out</h1><p id=\"notice\" role=\"status\">You have"
                    + " logged out.</p>");
            return;
        }
        new WebChanges(visit, form).apply(path);
    }

    private static void asset(String name, Answer answer) throws IOException {
        String type = switch (name) {
            case "app.css" -> "text/css; charset=utf-8";
            case "app.js" -> "text/javascript; charset=utf-8";
            default -> null;
        };
        if (type == null) {
            answer.bare(404, "Not found", WebPages.error("There is no such page."));
            return;
        }
        try (InputStream in = WebUi.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the jar lacks the web page's " + name);
            }
            answer.bytes(200, type, in.readAllBytes());
        }
    }

    /** An answer under way: the headers every answer carries, and its server time. */
    static final class Answer {
        final HttpServletResponse response;
        private final long start;

        Answer(HttpServletResponse response, long start) {
            this.response = response;
            this.start = start;
        }

        void headers() {
            response.setHeader("Content-Security-Policy", POLICY);
            response.setHeader("X-Content-Type-Options", "nosniff");
            response.setHeader("X-Frame-Options", "DENY");
            // Not no-referrer: under it a browser sends "Origin: null" with the page's own form POSTs, which the
            // own-origin check must refuse. A link out carries no referrer either way (rel=noreferrer).
            response.setHeader("Referrer-Policy", "same-origin");
            response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
            response.setHeader("Cross-Origin-Resource-Policy", "same-origin");
            response.setHeader("Cache-Control", "no-store");
        }

        void redirect(String location) {
            response.setStatus(303);
            response.setHeader("Location", location);
            timing();
        }

        void page(int status, String title, Frame frame, String main) throws IOException {
            html(status, WebPages.page(frame, title, main));
        }

        void bare(int status, String title, String main) throws IOException {
            html(status, WebPages.bare(title, main));
        }

        void html(int status, String html) throws IOException {
            bytes(status, "text/html; charset=utf-8", html.getBytes(StandardCharsets.UTF_8));
        }

        void json(String json) throws IOException {
            bytes(200, "application/json", json.getBytes(StandardCharsets.UTF_8));
        }

        void bytes(int status, String type, byte[] body) throws IOException {
            response.setStatus(status);
            response.setContentType(type);
            response.setContentLength(body.length);
            timing();
            response.getOutputStream().write(body);
        }

        private void timing() {
            response.setHeader("Server-Timing", String.format(Locale.ROOT, "app;dur=%.1f",
                    (System.nanoTime() - start) / 1e6));
        }
    }
}

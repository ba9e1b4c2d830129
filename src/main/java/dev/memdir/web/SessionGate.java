package dev.memdir.web;

import dev.memdir.auth.Principal;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.time.Clock;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The login that begins a session and the cookie that carries it: {@code HttpOnly}, {@code SameSite=Strict},
 * {@code Secure} under TLS, and expiring. A session stands only while its login does.
 */
final class SessionGate {

    static final String COOKIE = "memdir_ui";
    static final String LOGIN = WebUi.PREFIX + "/login";
    private static final int MOST_LOGIN_BYTES = 64 * 1024;

    private final WebLogin login;
    private final WebUi.Refusals refusals;
    private final WebSessions sessions;

    SessionGate(WebLogin login, WebUi.Refusals refusals, Clock clock) {
        this.login = login;
        this.refusals = refusals;
        this.sessions = new WebSessions(clock);
    }

    /** Returns the session {@code request}'s cookie names, if it and its login still stand. */
    Optional<WebSessions.Session> find(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        return Arrays.stream(cookies == null ? new Cookie[0] : cookies)
                .filter(cookie -> cookie.getName().equals(COOKIE))
                .findFirst()
                .flatMap(cookie -> sessions.find(cookie.getValue()))
                .filter(found -> login.stillStands(found.principal, found.token));
    }

    /** Answers a request to {@link #LOGIN}: the one-time secret traded, or the token form shown or sent. */
    void login(HttpServletRequest request, Optional<byte[]> body, Answer answer) throws IOException {
        if (!login.byForm()) {
            Optional<Principal> principal = login.trade(request.getParameter("secret"));
            if (principal.isEmpty()) {
                answer.error(403, "Log in", "This address has been used already, or is not this"
                        + " server's. Start 'memdir ui' again for a new one.");
                return;
            }
            begin(principal.get(), Optional.empty(), request, answer);
            return;
        }
        if (request.getMethod().equals("GET")) {
            answer.html(200, WebPages.login(false));
            return;
        }
        if (!OwnOrigin.of(request)) {
            answer.error(403, "Refused", "This form was not sent from this server's page.");
            return;
        }
        PostedForm form;
        try {
            form = PostedForm.read(request, body, MOST_LOGIN_BYTES);
        } catch (PostedForm.Refused refused) {
            answer.error(refused.status, "Refused", refused.getMessage());
            return;
        }
        Optional<String> token = form.first("token");
        Optional<Principal> principal = token.flatMap(login::accept);
        if (principal.isEmpty()) {
            OptionalLong wait = refusals.take(request);
            if (wait.isPresent()) {
                answer.response.setHeader("Retry-After", Long.toString(wait.getAsLong()));
                answer.error(429, "Log in", "Too many refused logins from this address; try again in "
                        + wait.getAsLong() + " s.");
                return;
            }
            answer.html(401, WebPages.login(true));
            return;
        }
        begin(principal.get(), token.map(String::trim), request, answer);
    }

    /** Ends {@code session} and has the browser forget its cookie. */
    void end(WebSessions.Session session, Answer answer) {
        sessions.end(session);
        answer.response.addHeader("Set-Cookie", COOKIE + "=; Path=" + WebUi.PREFIX
                + "; Max-Age=0; HttpOnly; SameSite=Strict");
    }

    private void begin(Principal principal, Optional<String> token, HttpServletRequest request, Answer answer) {
        WebSessions.Session session = sessions.begin(principal, token);
        // Written here rather than by the servlet's addCookie, which adds an Expires the page never sent.
        answer.response.addHeader("Set-Cookie", COOKIE + "=" + session.id + "; Path=" + WebUi.PREFIX + "; Max-Age="
                + WebSessions.LIFETIME.toSeconds() + "; HttpOnly; SameSite=Strict" + (secure(request) ? "; Secure"
                : ""));
        answer.redirect(WebUi.PREFIX + "/");
    }

    /** Under TLS, served here or by a proxy in front (whose page the browser names in the login's Origin). */
    private static boolean secure(HttpServletRequest request) {
        String origin = request.getHeader("Origin");
        return request.isSecure() || origin != null && origin.trim().toLowerCase(Locale.ROOT).startsWith("https://");
    }
}

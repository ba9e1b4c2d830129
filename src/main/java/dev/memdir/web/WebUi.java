package dev.memdir.web;

import dev.memdir.auth.Principal;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The web page at {@code /ui}: a session's pages over its principal's memory, and the login that begins one. This
 * class only sends each request on: to the assets ({@link Assets}), the login ({@link SessionGate}) or a session's
 * pages ({@link PageRoutes}); every answer is an {@link Answer}, with the page's security headers.
 */
public final class WebUi {

    public static final String PREFIX = "/ui";

    /** Counts a client's refused logins; a count past its limit answers how many seconds to wait. */
    public interface Refusals {
        OptionalLong take(HttpServletRequest request);
    }

    /** Counts a principal's requests; a count past its rate answers how many seconds to wait. */
    public interface Rate {
        OptionalLong take(Principal principal);
    }

    private final SessionGate gate;
    private final PageRoutes routes;

    /**
     * @param rate how many requests a principal may make, as on {@code /mcp}
     * @param maxBodyBytes the largest form a page may post (a file's text, encoded, is most of it)
     */
    public WebUi(WebLogin login, DeskSource desks, Refusals refusals, Rate rate, long maxBodyBytes, Clock clock) {
        this.gate = new SessionGate(login, refusals, clock);
        this.routes = new PageRoutes(desks, rate, maxBodyBytes, gate);
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
        return request.getMethod().equals("POST") && serves(request.getRequestURI()) && PostedForm.isForm(request);
    }

    /**
     * Answers a refusal of the server in front of the page (of a request's Host or Origin, its body's pace or size, the
     * server's load) as the page's error page, with its headers. {@code reason} is worded for an agent's JSON: lower
     * case, without a stop.
     */
    public static void refuse(HttpServletResponse response, int status, String reason) throws IOException {
        new Answer(response).error(status, "Refused", Character.toUpperCase(reason.charAt(0)) + reason.substring(1)
                + ".");
    }

    /** Sends a request for a path outside the page to the page, on a server that serves nothing else. */
    public static void redirectToPage(HttpServletResponse response) {
        new Answer(response).redirect(PREFIX + "/");
    }

    /** Answers {@code request}, whose body was read already when {@code body} holds it. */
    public void serve(HttpServletRequest request, HttpServletResponse response, Optional<byte[]> body)
            throws IOException {
        Answer answer = new Answer(response);
        String path = request.getRequestURI().substring(request.getContextPath().length());
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD") && !method.equals("POST")) {
            response.setHeader("Allow", "GET, HEAD, POST");
            answer.error(405, "Not allowed", "The web page answers GET and POST only.");
        } else if (path.equals(PREFIX)) {
            answer.redirect(PREFIX + "/");
        } else if (path.startsWith(Assets.PATH)) {
            Assets.serve(path.substring(Assets.PATH.length()), answer);
        } else if (path.equals(SessionGate.LOGIN)) {
            gate.login(request, body, answer);
        } else {
            Optional<WebSessions.Session> session = gate.find(request);
            if (session.isPresent()) {
                routes.serve(session.get(), request, path, body, answer);
            } else if (method.equals("POST") || path.equals(PREFIX + "/changes")) {
                answer.error(401, "Logged out", "Your session has ended: log in again.");
            } else {
                answer.redirect(SessionGate.LOGIN);
            }
        }
    }
}

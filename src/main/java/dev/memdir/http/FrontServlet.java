package dev.memdir.http;

import dev.memdir.auth.Authentication;
import dev.memdir.auth.Authenticator;
import dev.memdir.auth.Principal;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Every request passes here first, in this order: Host and Origin (403), credentials (the authenticator's answer;
 * an address whose requests were refused for their credentials too often gets 429 first), the principal's rate
 * (429), the body's size (413), the bytes of bodies in flight (429 for the principal's share, 503 for the server's);
 * only then is the body read, with no thread waiting for it ({@link BodyRead}), its JSON scanned against the
 * {@link ParseLimits} (400) and the request handed to the namespace's server, on the revision it speaks. A CORS
 * preflight ({@code OPTIONS}) of an allowed origin is answered right after the Origin check: a browser sends it
 * without credentials. One access-log line follows each request.
 */
final class FrontServlet extends HttpServlet {

    static final String HEALTH = "/healthz";
    /** Refused requests a second an address may make (bursts of twice as many) before it gets 429. */
    static final int REFUSALS_PER_SECOND = 10;
    /** The request attribute that holds the {@link Principal} a request acts for. */
    static final String PRINCIPAL = Principal.class.getName();
    /** The request attribute that holds what is known of a request whose body is being read. */
    private static final String SEEN = Seen.class.getName();

    private final transient HostAndOrigin hostAndOrigin;
    private final transient Authenticator authenticator;
    private final transient RateLimiter rate;
    private final transient RateLimiter refusals;
    private final transient RequestLimits limits;
    private final transient NamespaceServers servers;
    private final transient AccessLog log;
    private final transient Drain drain;
    private final transient Map<String, String> publicDocuments;

    /**
     * @param authenticator who a request acts for
     * @param rate the requests a second of each principal
     * @param refusals the requests a second of each client address that are refused for their credentials: each
     *     costs a look in the token store or the issuer's keys, so a flood of made-up tokens is slowed before it
     *     reaches them ({@link #REFUSALS_PER_SECOND})
     * @param publicDocuments JSON documents served to anyone, by path (the OAuth protected resource metadata)
     */
    FrontServlet(HostAndOrigin hostAndOrigin, Authenticator authenticator, RateLimiter rate, RateLimiter refusals,
            RequestLimits limits, NamespaceServers servers, AccessLog log, Drain drain,
            Map<String, String> publicDocuments) {
        this.hostAndOrigin = hostAndOrigin;
        this.authenticator = authenticator;
        this.rate = rate;
        this.refusals = refusals;
        this.limits = limits;
        this.servers = servers;
        this.log = log;
        this.drain = drain;
        this.publicDocuments = Map.copyOf(publicDocuments);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        if (request.getAttribute(SEEN) instanceof Seen read) {
            // BodyRead dispatched the request again: its body has come.
            request.removeAttribute(SEEN);
            byte[] body = (byte[]) request.getAttribute(BodyRead.BODY);
            request.removeAttribute(BodyRead.BODY);
            try {
                serveBody(request, response, read, body);
            } finally {
                ended(request, response, read);
            }
            return;
        }
        Seen seen = new Seen(request.getHeader("Mcp-Method"), System.nanoTime());
        if (!drain.enter()) {
            response.setHeader("Connection", "close");
            Answers.refuse(response, 503, "the server is stopping");
            logged(request, response, seen);
            return;
        }
        try {
            answer(request, response, seen);
        } finally {
            if (!seen.bodyPending) {
                ended(request, response, seen);
            }
        }
    }

    /**
     * What the access log names of a request, learnt as it is served, and what it holds while its body is read: its
     * server and its bytes in flight.
     */
    private static final class Seen {
        final long start;
        String mcpMethod;
        String principal;
        boolean bodyPending;
        boolean ended;
        ServerUse server;
        BytesInFlight.Reservation bytes;

        Seen(String mcpMethod, long start) {
            this.mcpMethod = mcpMethod;
            this.start = start;
        }
    }

    /** Ends a request, once: what it held is freed, the drain counts it out, the log has its line. */
    private void ended(HttpServletRequest request, HttpServletResponse response, Seen seen) {
        synchronized (seen) {
            if (seen.ended) {
                return;
            }
            seen.ended = true;
        }
        if (seen.server != null) {
            seen.server.close();
        }
        if (seen.bytes != null) {
            seen.bytes.close();
        }
        drain.exit();
        logged(request, response, seen);
    }

    private void answer(HttpServletRequest request, HttpServletResponse response, Seen seen)
            throws ServletException, IOException {
        Optional<String> refusal = hostAndOrigin.refusal(request.getHeader("Host"), request.getHeader("Origin"));
        if (refusal.isPresent()) {
            Answers.refuse(response, 403, refusal.get());
            return;
        }
        String origin = request.getHeader("Origin");
        if (origin != null) {
            Cors.allow(response, origin);
        }
        if (request.getMethod().equals("OPTIONS")) {
            Cors.preflight(request, response);
            return;
        }
        String path = request.getRequestURI();
        if (path.equals(HEALTH)) {
            if (readOnlyMethod(request, response, path)) {
                Answers.health(response, servers.storeAnswers());
            }
            return;
        }
        if (publicDocuments.containsKey(path)) {
            if (!readOnlyMethod(request, response, path)) {
                return;
            }
            byte[] document = publicDocuments.get(path).getBytes(StandardCharsets.UTF_8);
            response.setStatus(200);
            response.setContentType("application/json");
            response.setContentLength(document.length);
            if (request.getMethod().equals("GET")) {
                response.getOutputStream().write(document);
            }
            return;
        }
        if (!path.equals(NamespaceServer.ENDPOINT)) {
            Answers.refuse(response, 404, "memdir serves MCP at " + NamespaceServer.ENDPOINT);
            return;
        }
        String address = request.getRemoteAddr();
        OptionalLong refusedTooOften = refusals.waitOf(address);
        if (refusedTooOften.isPresent()) {
            response.setHeader("Retry-After", Long.toString(refusedTooOften.getAsLong()));
            Answers.refuse(response, 429, "too many requests without valid credentials from this address; retry"
                    + " after " + refusedTooOften.getAsLong() + " s");
            return;
        }
        Authentication authentication = authenticator.authenticate(
                Optional.ofNullable(request.getHeader("Authorization")));
        if (authentication instanceof Authentication.Refused refused) {
            if (refused.status() == 401) {
                refusals.take(address);
            }
            if (!refused.wwwAuthenticate().isEmpty()) {
                response.setHeader("WWW-Authenticate", refused.wwwAuthenticate());
            }
            Answers.refuse(response, refused.status(), refused.reason());
            return;
        }
        Principal principal = ((Authentication.Accepted) authentication).principal();
        seen.principal = principal.name();
        OptionalLong wait = rate.take(principal.name());
        if (wait.isPresent()) {
            response.setHeader("Retry-After", Long.toString(wait.getAsLong()));
            Answers.refuse(response, 429, "too many requests from " + principal.name() + "; retry after "
                    + wait.getAsLong() + " s");
            return;
        }
        Optional<ServerUse> use = servers.forPrincipal(principal);
        if (use.isEmpty()) {
            Answers.refuse(response, 403, "no memory is served here for " + principal.name());
            return;
        }
        seen.server = use.get();
        request.setAttribute(PRINCIPAL, principal);
        if (!request.getMethod().equals("POST")) {
            seen.server.serve(Revision.of(request.getMethod(), request.getHeader(Revision.SESSION_HEADER),
                    request.getHeader(Revision.VERSION_HEADER), null), request, response);
            return;
        }
        long declared = request.getContentLengthLong();
        if (declared > limits.maxRequestBytes()) {
            response.setHeader("Connection", "close");
            Answers.refuse(response, 413, "the request body is over " + limits.maxRequestBytes() + " bytes"
                    + " (--max-request-bytes)");
            return;
        }
        seen.bytes = limits.inFlight().open(principal.name());
        Optional<BytesInFlight.Refusal> full = seen.bytes.growTo(Math.max(declared, 0));
        if (full.isPresent()) {
            response.setHeader("Connection", "close");
            response.setHeader("Retry-After", Long.toString(BytesInFlight.RETRY_AFTER_SECONDS));
            Answers.refuse(response, full.get().status(), full.get().reason());
            return;
        }
        request.setAttribute(SEEN, seen);
        BodyRead.start(request, limits, seen.bytes, () -> ended(request, response, seen));
        seen.bodyPending = true;
    }

    /** Serves a request whose body has been read: refused when its JSON is over a limit, else handed on. */
    private void serveBody(HttpServletRequest request, HttpServletResponse response, Seen seen, byte[] body)
            throws ServletException, IOException {
        RequestHead head = RequestHead.of(body, limits.parse());
        if (seen.mcpMethod == null) {
            seen.mcpMethod = head.method();
        }
        if (head.overLimit() != null) {
            Answers.invalidRequest(response, head.id(), head.overLimit());
            return;
        }
        seen.server.serve(Revision.of("POST", request.getHeader(Revision.SESSION_HEADER),
                request.getHeader(Revision.VERSION_HEADER), head.method()), new BufferedRequest(request, body),
                response);
    }

    /** Returns whether the request is a GET or HEAD, which a document path answers; refuses it 405 if not. */
    private static boolean readOnlyMethod(HttpServletRequest request, HttpServletResponse response, String path)
            throws IOException {
        if (request.getMethod().equals("GET") || request.getMethod().equals("HEAD")) {
            return true;
        }
        response.setHeader("Allow", "GET, HEAD");
        Answers.refuse(response, 405, path + " answers GET");
        return false;
    }

    private void logged(HttpServletRequest request, HttpServletResponse response, Seen seen) {
        log.request(request.getMethod(), request.getRequestURI(), seen.mcpMethod, seen.principal,
                response.getStatus(), (System.nanoTime() - seen.start) / 1_000_000);
    }
}

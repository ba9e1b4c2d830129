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
 * Every request passes here first, in this order: Host and Origin (403), the path (404) and its method (405,
 * {@link ServedMethods}), credentials (the authenticator's answer; a client whose requests were refused for their
 * credentials too often gets 429 instead of 401), the principal's rate (429), the body's size (413), the bytes of
 * bodies in flight (429 for the principal's share, 503 for the server's); only then is the body read, with no thread
 * waiting for it ({@link BodyRead}), its JSON scanned against the {@link ParseLimits} (400) and the request handed to
 * the namespace's server, on the revision it speaks, with the credential that holds what it opens
 * ({@link CredentialHolds}). A CORS preflight ({@code OPTIONS}) of an allowed origin is answered right after the
 * Origin check: a browser sends it without credentials. One access-log line follows each request.
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
    private final transient RefusalsByClient refusals;
    private final transient CredentialHolds holds;
    private final transient RequestLimits limits;
    private final transient NamespaceServers servers;
    private final transient AccessLog log;
    private final transient Drain drain;
    private final transient Map<String, String> publicDocuments;

    /**
     * @param authenticator who a request acts for
     * @param rate the requests a second of each principal
     * @param refusals the requests a second of each client that are refused for their credentials before they are
     *     answered 429 ({@link #REFUSALS_PER_SECOND})
     * @param holds what the credentials of requests hold open
     * @param publicDocuments JSON documents served to anyone, by path (the OAuth protected resource metadata)
     */
    FrontServlet(HostAndOrigin hostAndOrigin, Authenticator authenticator, RateLimiter rate,
            RefusalsByClient refusals, CredentialHolds holds, RequestLimits limits, NamespaceServers servers,
            AccessLog log, Drain drain, Map<String, String> publicDocuments) {
        this.hostAndOrigin = hostAndOrigin;
        this.authenticator = authenticator;
        this.rate = rate;
        this.refusals = refusals;
        this.holds = holds;
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
        Seen seen = new Seen(System.nanoTime());
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
     * What the access log names of a request, learnt as it is served (the MCP method from its body only), and what it
     * holds while its body is read: its server, its credential and its bytes in flight.
     */
    private static final class Seen {
        final long start;
        String mcpMethod;
        String principal;
        boolean bodyPending;
        boolean ended;
        ServerUse server;
        CredentialHolds.Credential credential;
        BytesInFlight.Reservation bytes;

        Seen(long start) {
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
        boolean document = path.equals(HEALTH) || publicDocuments.containsKey(path);
        if (!document && !path.equals(NamespaceServer.ENDPOINT)) {
            Answers.refuse(response, 404, "memdir serves MCP at " + NamespaceServer.ENDPOINT);
            return;
        }
        if (!ServedMethods.served(request, response, document)) {
            return;
        }
        if (path.equals(HEALTH)) {
            Answers.health(response, servers.storeAnswers());
            return;
        }
        if (document) {
            byte[] json = publicDocuments.get(path).getBytes(StandardCharsets.UTF_8);
            response.setStatus(200);
            response.setContentType("application/json");
            response.setContentLength(json.length);
            if (request.getMethod().equals("GET")) {
                response.getOutputStream().write(json);
            }
            return;
        }
        Optional<String> authorization = Optional.ofNullable(request.getHeader("Authorization"));
        Authentication authentication = authenticator.authenticate(authorization);
        if (authentication instanceof Authentication.Refused refused) {
            refuse(request, response, refused);
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
        seen.credential = holds.credential(authorization, principal);
        request.setAttribute(PRINCIPAL, principal);
        if (!request.getMethod().equals("POST")) {
            seen.server.serve(Revision.of(request.getMethod(), request.getHeader(Revision.SESSION_HEADER),
                    request.getHeader(Revision.VERSION_HEADER), null), request, response, seen.credential);
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
        seen.mcpMethod = head.method();
        if (head.overLimit() != null) {
            Answers.invalidRequest(response, head.id(), head.overLimit());
            return;
        }
        seen.server.serve(Revision.of("POST", request.getHeader(Revision.SESSION_HEADER),
                request.getHeader(Revision.VERSION_HEADER), head.method()), new BufferedRequest(request, body),
                response, seen.credential);
    }

    /** Refuses credentials as the authenticator said, or 429 when their client was refused too often. */
    private void refuse(HttpServletRequest request, HttpServletResponse response, Authentication.Refused refused)
            throws IOException {
        OptionalLong refusedTooOften = refused.status() == 401 ? refusals.take(request) : OptionalLong.empty();
        if (refusedTooOften.isPresent()) {
            response.setHeader("Retry-After", Long.toString(refusedTooOften.getAsLong()));
            Answers.refuse(response, 429, "too many requests without valid credentials from this address; retry"
                    + " after " + refusedTooOften.getAsLong() + " s");
            return;
        }
        if (!refused.wwwAuthenticate().isEmpty()) {
            response.setHeader("WWW-Authenticate", refused.wwwAuthenticate());
        }
        Answers.refuse(response, refused.status(), refused.reason());
    }

    private void logged(HttpServletRequest request, HttpServletResponse response, Seen seen) {
        log.request(request.getMethod(), request.getRequestURI(), seen.mcpMethod, seen.principal,
                response.getStatus(), (System.nanoTime() - seen.start) / 1_000_000);
    }
}

package dev.memdir.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.auth.Authentication;
import dev.memdir.auth.Authenticator;
import dev.memdir.auth.Principal;
import dev.memdir.json.SharedJson;
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
 * credentials too often gets 429 instead of 401), the principal's rate (429), the body's size (413); only then is the
 * body read and the request handed to the namespace's server, on the revision it speaks, with the credential that
 * holds what it opens ({@link CredentialHolds}). A CORS preflight ({@code OPTIONS}) of an allowed origin is answered
 * right after the Origin check: a browser sends it without credentials. One access-log line follows each request.
 */
final class FrontServlet extends HttpServlet {

    static final String HEALTH = "/healthz";
    /** Refused requests a second an address may make (bursts of twice as many) before it gets 429. */
    static final int REFUSALS_PER_SECOND = 10;
    /** The request attribute that holds the {@link Principal} a request acts for. */
    static final String PRINCIPAL = Principal.class.getName();

    private final transient HostAndOrigin hostAndOrigin;
    private final transient Authenticator authenticator;
    private final transient RateLimiter rate;
    private final transient RefusalsByClient refusals;
    private final transient CredentialHolds holds;
    private final long maxRequestBytes;
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
            RefusalsByClient refusals, CredentialHolds holds, long maxRequestBytes, NamespaceServers servers,
            AccessLog log, Drain drain, Map<String, String> publicDocuments) {
        this.hostAndOrigin = hostAndOrigin;
        this.authenticator = authenticator;
        this.rate = rate;
        this.refusals = refusals;
        this.holds = holds;
        this.maxRequestBytes = maxRequestBytes;
        this.servers = servers;
        this.log = log;
        this.drain = drain;
        this.publicDocuments = Map.copyOf(publicDocuments);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        long start = System.nanoTime();
        Seen seen = new Seen();
        if (!drain.enter()) {
            response.setHeader("Connection", "close");
            Answers.refuse(response, 503, "the server is stopping");
            logged(request, response, seen, start);
            return;
        }
        try {
            answer(request, response, seen);
        } finally {
            drain.exit();
            logged(request, response, seen, start);
        }
    }

    /** What the access log names of a request, learnt as it is served (the MCP method from its body only). */
    private static final class Seen {
        String mcpMethod;
        String principal;
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
        try (ServerUse server = use.get()) {
            request.setAttribute(PRINCIPAL, principal);
            HttpServletRequest handedOn = request;
            JsonNode body = null;
            if (request.getMethod().equals("POST")) {
                Optional<byte[]> bytes = BufferedRequest.readBody(request, maxRequestBytes);
                if (bytes.isEmpty()) {
                    response.setHeader("Connection", "close");
                    Answers.refuse(response, 413, "the request body is over " + maxRequestBytes + " bytes"
                            + " (--max-request-bytes)");
                    return;
                }
                body = json(bytes.get());
                handedOn = new BufferedRequest(request, bytes.get());
                seen.mcpMethod = Revision.method(body);
            }
            server.serve(Revision.of(request.getMethod(), request.getHeader(Revision.SESSION_HEADER),
                    request.getHeader(Revision.VERSION_HEADER), body), handedOn, response,
                    holds.credential(authorization, principal));
        }
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

    private static JsonNode json(byte[] body) {
        try {
            return SharedJson.mapper().readTree(body);
        } catch (IOException notJson) {
            return null; // the transport answers it with a parse error
        }
    }

    private void logged(HttpServletRequest request, HttpServletResponse response, Seen seen, long start) {
        log.request(request.getMethod(), request.getRequestURI(), seen.mcpMethod, seen.principal,
                response.getStatus(), (System.nanoTime() - start) / 1_000_000);
    }
}

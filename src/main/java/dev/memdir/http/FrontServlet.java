package dev.memdir.http;

import dev.memdir.auth.Authenticator;
import dev.memdir.web.WebUi;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Every request passes here first, through the {@link FrontStep}s its constructor lists in their order: each answers
 * the request (a refusal, a document, or the request handed to its namespace's server or the web page) or lets it go
 * on. A request's body is read with no thread waiting for it; the chain goes on when it has come. One access-log line
 * follows each request ({@link Exchange#end}). A refusal of a request for the web page is the page's error page, with
 * its headers; any other is JSON.
 */
final class FrontServlet extends HttpServlet {

    /** Refused requests a second an address may make (bursts of twice as many) before it gets 429. */
    static final int REFUSALS_PER_SECOND = 10;

    private final transient AccessLog log;
    private final transient Predicate<String> pagePaths;
    private final transient List<FrontStep> steps;

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
        this.log = log;
        this.pagePaths = WebUi::serves;
        PublicDocuments documents = new PublicDocuments(servers, publicDocuments);
        this.steps = List.of(
                drain,                                      // 503 while the server stops
                hostAndOrigin,                              // 403: DNS rebinding
                new WebBody(limits),                        // a /ui form read as bodies are: 408, 413, 429, 503
                new WebPage(authenticator, servers, refusals, rate, limits.maxRequestBytes()), // /ui, own login
                new Cors(),                                 // a preflight answered: a browser sends no credentials
                new ServedPaths(documents.paths()),         // 404
                new ServedMethods(),                        // 405
                documents,                                  // /healthz and the OAuth metadata, to anyone
                new Credentials(authenticator, refusals),   // 401, 403; 429 for a client refused too often
                new PrincipalRate(rate),                    // 429
                new NamespaceChoice(servers, holds),        // 403 when no memory is served for the principal
                AcceptedTypes.WITHOUT_BODY,                 // 406: a 2025-11-25 GET that takes no event stream
                HandOn.WITHOUT_BODY,                        // GET and DELETE go to the server here
                new JsonContentType(),                      // 415: a POST whose body is not JSON
                new BodySize(limits),                       // 413
                new BodyReservation(limits),                // 429, 503: the bytes of bodies in flight
                new ReadBody(limits),                       // 400, 408, 413, 429, 503 while it comes
                new JsonScan(limits.parse()),               // 400 past the parse limits
                AcceptedTypes.WITH_BODY,                    // 406: a 2025-11-25 POST that takes not JSON and events
                HandOn.WITH_BODY);
    }

    private FrontServlet(AccessLog log, Predicate<String> pagePaths, List<FrontStep> steps) {
        this.log = log;
        this.pagePaths = pagePaths;
        this.steps = steps;
    }

    /**
     * {@code memdir ui}'s front: the web page alone, for the person at this machine, every path its own. It logs no
     * request: its terminal shows the address to open, not the page's every poll.
     */
    static FrontServlet pageAlone(WebUi ui, RequestLimits limits, Drain drain) {
        return new FrontServlet(AccessLog.NONE, path -> true, List.of(
                drain,                                                      // 503 while the server stops
                new HostAndOrigin(LocalPageServer.HOST, true, List.of()),   // 403: DNS rebinding
                new WebBody(limits),                                        // a form read: 408, 413, 429, 503
                new PageAlone(ui)));                                        // /ui, any other path sent to /ui/
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        Exchange exchange;
        if (request.getAttribute(Exchange.PENDING) instanceof Exchange pending) {
            // ReadBody's dispatch: the body has come.
            request.removeAttribute(Exchange.PENDING);
            pending.bodyCame(request, response, (byte[]) request.getAttribute(BodyRead.BODY));
            request.removeAttribute(BodyRead.BODY);
            exchange = pending;
        } else {
            exchange = new Exchange(request, response, log,
                    pagePaths.test(request.getRequestURI()) ? Refusal.PAGE : Refusal.JSON);
        }
        try {
            pass(exchange);
        } finally {
            if (!exchange.bodyPending()) {
                exchange.end();
            }
        }
    }

    /** Passes the request through the steps, from the first or from where its body was awaited. */
    private void pass(Exchange exchange) throws ServletException, IOException {
        for (int step = exchange.resumeAt(); step < steps.size(); step++) {
            FrontStep.Outcome outcome = steps.get(step).pass(exchange);
            if (outcome == FrontStep.Outcome.BODY_PENDING) {
                exchange.awaitBody(step + 1);
                return;
            }
            if (outcome == FrontStep.Outcome.ANSWERED) {
                return;
            }
        }
    }
}

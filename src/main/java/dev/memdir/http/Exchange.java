package dev.memdir.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.auth.Principal;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * One request as it passes the front: what the steps learnt of it, what it holds until it ends (its place among the
 * requests in flight, its server, the bytes of its body) and where the chain goes on once its body has come. It ends
 * once: what it holds is freed, last taken first, and the access log has its line.
 */
final class Exchange {

    /** The request attribute that holds an exchange while its body is read. */
    static final String PENDING = Exchange.class.getName();

    private final AccessLog log;
    private final Refusal refusal;
    private final long start = System.nanoTime();
    private final Deque<Runnable> held = new ArrayDeque<>();
    private HttpServletRequest request;
    private HttpServletResponse response;
    private int resumeAt;
    private boolean bodyPending;
    private boolean ended;

    /** Whether the path is a document ({@code /healthz}, the OAuth metadata) rather than {@code /mcp}. */
    boolean document;
    /** The Authorization header, if any. */
    Optional<String> authorization = Optional.empty();
    /** Who the request acts for, once its credentials are accepted. */
    Principal principal;
    /** The request's hold on its namespace's server. */
    ServerUse server;
    /** The credential that holds what the request opens. */
    CredentialHolds.Credential credential;
    /** The bytes of the body in flight, reserved. */
    BytesInFlight.Reservation bytes;
    /** The body, once it has come. */
    byte[] body;
    /** The JSON-RPC method of the body, for the revision and the log. */
    String mcpMethod;
    /** The JSON-RPC id of the body, for an answer the front gives; null when it has none. */
    JsonNode mcpId;

    /** {@code refusal} words the front's refusals of this request. */
    Exchange(HttpServletRequest request, HttpServletResponse response, AccessLog log, Refusal refusal) {
        this.request = request;
        this.response = response;
        this.log = log;
        this.refusal = refusal;
    }

    HttpServletRequest request() {
        return request;
    }

    HttpServletResponse response() {
        return response;
    }

    Refusal refusal() {
        return refusal;
    }

    /** Refuses the request with {@code status}, worded for whoever sent it: an agent, or the web page. */
    void refuse(int status, String reason) throws IOException {
        refusal.write(response, status, reason);
    }

    /** Returns the revision that serves the request: of a POST, known once its body has been scanned. */
    Revision revision() {
        return Revision.of(request.getMethod(), request.getHeader(Revision.SESSION_HEADER),
                request.getHeader(Revision.VERSION_HEADER), mcpMethod);
    }

    /** Runs {@code release} when the request ends. */
    void holdUntilEnd(Runnable release) {
        held.push(release);
    }

    /** Marks the body as being read: the chain goes on from step {@code next} when it has come. */
    void awaitBody(int next) {
        resumeAt = next;
        bodyPending = true;
    }

    boolean bodyPending() {
        return bodyPending;
    }

    /** Returns the step the chain starts at: the first, or the one after the body was read. */
    int resumeAt() {
        return resumeAt;
    }

    /** Takes up the request again in the dispatch that brought its {@code body}. */
    void bodyCame(HttpServletRequest dispatched, HttpServletResponse answer, byte[] content) {
        request = dispatched;
        response = answer;
        body = content;
        bodyPending = false;
    }

    /** Ends the request, once: what it held is freed, the log has its line. */
    void end() {
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
        }
        while (!held.isEmpty()) {
            held.pop().run();
        }
        log.request(request.getMethod(), request.getRequestURI(), mcpMethod,
                principal == null ? null : principal.name(), response.getStatus(),
                (System.nanoTime() - start) / 1_000_000);
    }
}

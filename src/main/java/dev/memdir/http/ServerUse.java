package dev.memdir.http;

import dev.memdir.http.CredentialHolds.Credential;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * One request's hold on its namespace's server, which is not closed while held: released when the request is
 * answered, or, when the answer is a stream that outlives the call (a 2025-11-25 GET or SSE answer, a
 * {@code subscriptions/listen} stream), when that stream ends.
 */
final class ServerUse implements AutoCloseable {

    private final NamespaceServer server;
    private final Runnable release;
    private boolean handedToStream;

    /** {@code release} is called once the request, or its stream, is done with {@code server}. */
    ServerUse(NamespaceServer server, Runnable release) {
        this.server = server;
        this.release = release;
    }

    NamespaceServer server() {
        return server;
    }

    /**
     * Serves the request with {@code credential}; when its answer goes on as a stream, the hold lasts until the
     * stream ends, and the credential holds the stream (which ends once the credential is no longer accepted).
     */
    void serve(Revision revision, HttpServletRequest request, HttpServletResponse response, Credential credential)
            throws ServletException, IOException {
        server.serve(revision, request, response, credential);
        // Still in the request's dispatch: a stream that ends meanwhile reports its end after this returns.
        if (request.isAsyncStarted()) {
            AsyncContext stream = request.getAsyncContext();
            stream.addListener(new AtStreamEnd(release));
            credential.holdWhileOpen(stream);
            handedToStream = true;
        }
    }

    @Override
    public void close() {
        if (!handedToStream) {
            release.run();
        }
    }
}

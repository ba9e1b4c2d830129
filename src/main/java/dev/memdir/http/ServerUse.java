package dev.memdir.http;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
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

    /** Serves the request; when its answer goes on as a stream, the hold lasts until the stream ends. */
    void serve(Revision revision, HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        server.serve(revision, request, response);
        // Still in the request's dispatch: a stream that ends meanwhile reports its end after this returns.
        if (request.isAsyncStarted()) {
            request.getAsyncContext().addListener(new ReleaseAtEnd());
            handedToStream = true;
        }
    }

    @Override
    public void close() {
        if (!handedToStream) {
            release.run();
        }
    }

    /** Releases the hold when the stream completes, times out or fails (the lease ignores a second release). */
    private final class ReleaseAtEnd implements AsyncListener {
        @Override
        public void onComplete(AsyncEvent event) {
            release.run();
        }

        @Override
        public void onTimeout(AsyncEvent event) {
            release.run();
        }

        @Override
        public void onError(AsyncEvent event) {
            release.run();
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            // the same request's stream goes on
        }
    }
}

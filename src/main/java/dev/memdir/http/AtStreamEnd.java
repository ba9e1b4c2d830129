package dev.memdir.http;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;

/** Runs an action when a stream (a request gone asynchronous) completes, times out or fails. */
final class AtStreamEnd implements AsyncListener {

    private final Runnable action;

    /** {@code action} may run more than once (a failure is followed by the completion). */
    AtStreamEnd(Runnable action) {
        this.action = action;
    }

    @Override
    public void onComplete(AsyncEvent event) {
        action.run();
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        action.run();
    }

    @Override
    public void onError(AsyncEvent event) {
        action.run();
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // the same request's stream goes on
    }
}

package dev.memdir.cli;

import ch.qos.logback.core.Context;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;

/**
 * Prints logback's own warnings and errors (an appender that cannot start, a log file that cannot be opened) on
 * stderr. Without a listener logback prints them itself at start, through a status printer whose date format loads
 * java.time's zone rules and formatters: a tenth of the work before the first answer.
 */
final class StderrStatusListener implements StatusListener {

    /** Prints what logback has reported so far and listens for the rest. */
    static void install(Context context) {
        StderrStatusListener listener = new StderrStatusListener();
        context.getStatusManager().getCopyOfStatusList().forEach(listener::addStatusEvent);
        context.getStatusManager().add(listener);
    }

    @Override
    public void addStatusEvent(Status status) {
        if (status.getEffectiveLevel() >= Status.WARN) {
            System.err.println(status);
        }
    }
}

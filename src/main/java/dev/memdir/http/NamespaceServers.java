package dev.memdir.http;

import java.io.Closeable;
import java.util.Optional;

/**
 * The servers of the namespaces this process serves: a principal's namespace picks the one its requests go to, so no
 * request reaches another namespace's memory.
 */
interface NamespaceServers extends Closeable {

    /** Returns the server of {@code namespace}, or empty when this process serves no such namespace. */
    Optional<NamespaceServer> forNamespace(String namespace);

    /** Returns whether the store answers a cheap read (for {@code /healthz}). */
    boolean storeAnswers();

    /** Ends the open {@code subscriptions/listen} streams and 2025-11-25 sessions' streams: the server is stopping. */
    void endStreams();
}

package dev.memdir.http;

import dev.memdir.auth.Principal;
import java.io.Closeable;
import java.util.Optional;

/**
 * The servers of the namespaces this process serves: a principal's namespace picks the one its requests go to, so no
 * request reaches another namespace's memory, and a read-only principal only ever reaches a read-only server.
 */
interface NamespaceServers extends Closeable {

    /**
     * Returns a hold on the server for {@code principal}, which the caller closes when done, or empty when this
     * process serves it none.
     */
    Optional<ServerUse> forPrincipal(Principal principal);

    /** Closes the servers that went unused for long (see {@link PrincipalNamespaces}). */
    void closeIdle();

    /** Returns whether the store answers a cheap read (for {@code /healthz}). */
    boolean storeAnswers();

    /** Ends the open {@code subscriptions/listen} streams and 2025-11-25 sessions' streams: the server is stopping. */
    void endStreams();
}

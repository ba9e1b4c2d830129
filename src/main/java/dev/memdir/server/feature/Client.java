package dev.memdir.server.feature;

import java.util.List;
import java.util.Optional;

/** The client behind one request, as far as a handler asks about it. */
public interface Client {

    /** A client of a revision without roots (2026-07-28): there is nothing to ask it. */
    Client WITHOUT_ROOTS = Optional::empty;

    /** Returns the client's roots; empty when its revision has none. */
    Optional<Roots> roots();

    /** The roots of a 2025-11-25 client. */
    interface Roots {

        /** Returns whether the client declared that it lists roots. */
        boolean declared();

        /** Asks the client for its roots and returns their URIs; a failure to answer is a RuntimeException. */
        List<String> list();
    }
}

package dev.memdir.server.feature;

import java.util.List;

/** Completes a template's variable or a prompt's argument while the user types it. */
@FunctionalInterface
public interface Completer {

    /** Returns the values that complete {@code typed}; fails with a {@link RequestFailure}. */
    Values complete(Client client, String typed);

    /** The values offered (at most 100), how many there are in all, and whether there are more than offered. */
    record Values(List<String> values, int total, boolean hasMore) {}
}

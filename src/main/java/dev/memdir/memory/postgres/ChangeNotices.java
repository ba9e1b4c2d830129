package dev.memdir.memory.postgres;

import dev.memdir.memory.store.MemoryChanges;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The PostgreSQL notices that tell every memdir on a namespace what a change did: one channel per namespace, the
 * changed keys as the payload, one per line (a key never holds a line break: paths refuse control characters).
 */
final class ChangeNotices {

    /** PostgreSQL refuses a payload of 8000 bytes or more; past this a notice says "everything" instead. */
    static final int MAX_PAYLOAD_BYTES = 7999;
    private static final String EVERYTHING = "";

    private ChangeNotices() {}

    /** Returns the channel of the namespace {@code namespace}. */
    static String channel(long namespace) {
        return "memdir_" + namespace;
    }

    /**
     * Sends the notice of {@code keys} changed in {@code namespace} inside the transaction of {@code connection}, so
     * that it goes out when the transaction commits, and never when it rolls back.
     */
    static void send(Connection connection, long namespace, Set<String> keys) throws IOException {
        Sql.first(connection, "SELECT pg_notify(?, ?)", row -> true, channel(namespace), payload(keys));
    }

    private static String payload(Set<String> keys) {
        String lines = String.join("\n", keys);
        return lines.getBytes(StandardCharsets.UTF_8).length > MAX_PAYLOAD_BYTES ? EVERYTHING : lines;
    }

    /** Returns what the notice with {@code payload} reports. */
    static MemoryChanges changes(String payload) {
        if (payload.equals(EVERYTHING)) {
            return MemoryChanges.EVERYTHING;
        }
        return MemoryChanges.of(new HashSet<>(Arrays.asList(payload.split("\n"))));
    }
}

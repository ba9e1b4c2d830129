package dev.memdir.http;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The bytes of request bodies being read or served, per principal and in all, each held to a cap: what one request
 * costs the heap grows with its body (see {@link #forHeap}), so bounding the bytes in flight bounds the heap that
 * requests hold, and one principal's share leaves room for the others. A request reserves its body's bytes before a
 * byte of it is read (its {@code Content-Length}; a body without one reserves as it arrives) and frees them when it is
 * answered.
 */
final class BytesInFlight {

    /** What a request over a cap waits before it tries again: bodies are served in well under a second. */
    static final long RETRY_AFTER_SECONDS = 1;
    /**
     * The heap one byte of body in flight may hold at once (README, HTTP hygiene): a 4 MiB create holds its body up
     * to seven times over while it is parsed (the bytes read, the transport's buffer and string, the parser's chars,
     * the text it builds) and allocates 13 times its size in all.
     */
    static final int HEAP_BYTES_PER_BODY_BYTE = 8;
    /** The share of the heap that bodies in flight may cost: the rest is the server's own (stores, caches, streams). */
    static final int HEAP_SHARE = 2;
    /** How many principals at once can each hold their whole share: one cannot take more than this part of all. */
    static final int PRINCIPAL_SHARE = 4;

    private final long perPrincipal;
    private final long perServer;
    private final Map<String, Long> principals = new HashMap<>();
    private long inAll;

    BytesInFlight(long perPrincipal, long perServer) {
        this.perPrincipal = perPrincipal;
        this.perServer = perServer;
    }

    /**
     * The caps for a heap of {@code maxHeap} bytes: the server's lets its bodies hold at most half the heap (a
     * sixteenth of it in bytes of body), a principal's is a quarter of that; each at least one body of
     * {@code maxRequestBytes}, so that any body allowed can be served.
     */
    static BytesInFlight forHeap(long maxHeap, long maxRequestBytes) {
        long perServer = Math.max(maxRequestBytes, maxHeap / HEAP_SHARE / HEAP_BYTES_PER_BODY_BYTE);
        return new BytesInFlight(Math.max(maxRequestBytes, perServer / PRINCIPAL_SHARE), perServer);
    }

    long perPrincipal() {
        return perPrincipal;
    }

    long perServer() {
        return perServer;
    }

    /** Returns an empty reservation of {@code principal}'s, which grows as its body is known or read. */
    Reservation open(String principal) {
        return new Reservation(principal);
    }

    /** Why a reservation could not grow: the HTTP status and the reason given. */
    record Refusal(int status, String reason) {}

    /** One request's bytes; closing it frees them. */
    final class Reservation implements AutoCloseable {

        private final String principal;
        private long held;

        private Reservation(String principal) {
            this.principal = principal;
        }

        /** Grows the reservation to {@code total} bytes; when it cannot, says why (and keeps what it held). */
        Optional<Refusal> growTo(long total) {
            synchronized (BytesInFlight.this) {
                long more = total - held;
                if (more <= 0) {
                    return Optional.empty();
                }
                long principalHolds = principals.getOrDefault(principal, 0L);
                if (principalHolds + more > perPrincipal) {
                    return Optional.of(new Refusal(429, "too many request bytes in flight from " + principal
                            + "; retry after " + RETRY_AFTER_SECONDS + " s"));
                }
                if (inAll + more > perServer) {
                    return Optional.of(new Refusal(503, "too many request bytes in flight; retry after "
                            + RETRY_AFTER_SECONDS + " s"));
                }
                principals.put(principal, principalHolds + more);
                inAll += more;
                held = total;
                return Optional.empty();
            }
        }

        @Override
        public void close() {
            synchronized (BytesInFlight.this) {
                if (held == 0) {
                    return;
                }
                long left = principals.get(principal) - held;
                if (left == 0) {
                    principals.remove(principal);
                } else {
                    principals.put(principal, left);
                }
                inAll -= held;
                held = 0;
            }
        }
    }
}

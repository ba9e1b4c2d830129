package dev.memdir.http;

import java.time.Duration;

/**
 * What a request may cost, bounded before it is built: the bytes of its body, the bytes of all bodies in flight, what
 * its JSON may hold, and the time its body may take to arrive.
 */
record RequestLimits(long maxRequestBytes, BytesInFlight inFlight, ParseLimits parse, Duration bodyDeadline) {

    /** The limits for bodies of at most {@code maxRequestBytes} on this JVM's heap. */
    static RequestLimits of(long maxRequestBytes) {
        return new RequestLimits(maxRequestBytes,
                BytesInFlight.forHeap(Runtime.getRuntime().maxMemory(), maxRequestBytes),
                new ParseLimits(maxRequestBytes), BodyRead.DEADLINE);
    }
}

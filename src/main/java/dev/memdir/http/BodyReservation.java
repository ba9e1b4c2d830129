package dev.memdir.http;

import java.io.IOException;
import java.util.Optional;

/**
 * Reserves the body's bytes among the {@link BytesInFlight} until the request ends: its {@code Content-Length}, or
 * nothing yet for a body without one. Over the principal's share it is 429, over the server's 503.
 */
record BodyReservation(RequestLimits limits) implements FrontStep {

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        return reserve(exchange, limits, exchange.principal.name());
    }

    /** Reserves the body's bytes under {@code holder}'s share; answers the request when they do not fit. */
    static Outcome reserve(Exchange exchange, RequestLimits limits, String holder) throws IOException {
        exchange.bytes = limits.inFlight().open(holder);
        exchange.holdUntilEnd(exchange.bytes::close);
        Optional<BytesInFlight.Refusal> full = exchange.bytes.growTo(Math.max(exchange.request().getContentLengthLong(),
                0));
        if (full.isEmpty()) {
            return Outcome.GO_ON;
        }
        exchange.response().setHeader("Connection", "close");
        exchange.response().setHeader("Retry-After", Long.toString(BytesInFlight.RETRY_AFTER_SECONDS));
        exchange.refuse(full.get().status(), full.get().reason());
        return Outcome.ANSWERED;
    }
}

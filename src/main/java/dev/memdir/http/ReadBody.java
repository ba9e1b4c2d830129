package dev.memdir.http;

import java.io.IOException;

/**
 * Reads the body with no thread waiting for it ({@link BodyRead}); the request is dispatched again once it has come,
 * and the chain goes on from the next step. A body that could not be read was answered, and the request ends there.
 */
record ReadBody(RequestLimits limits) implements FrontStep {

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        return read(exchange, limits);
    }

    /** Starts reading the body, its bytes already reserved; the chain goes on from the next step once it has come. */
    static Outcome read(Exchange exchange, RequestLimits limits) throws IOException {
        exchange.request().setAttribute(Exchange.PENDING, exchange);
        BodyRead.start(exchange.request(), limits, exchange.bytes, exchange.refusal(), exchange::end);
        return Outcome.BODY_PENDING;
    }
}

package dev.memdir.http;

import java.io.IOException;

/** Refuses 413 a body whose {@code Content-Length} is over {@code --max-request-bytes}, before a byte of it is read. */
record BodySize(RequestLimits limits) implements FrontStep {

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        if (exchange.request().getContentLengthLong() <= limits.maxRequestBytes()) {
            return Outcome.GO_ON;
        }
        exchange.response().setHeader("Connection", "close");
        exchange.refuse(413, "the request body is over " + limits.maxRequestBytes() + " bytes"
                + " (--max-request-bytes)");
        return Outcome.ANSWERED;
    }
}

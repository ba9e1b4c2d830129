package dev.memdir.http;

import java.io.IOException;
import java.util.OptionalLong;

/** Refuses 429 a principal past its rate ({@code --rate}), saying when to retry. */
record PrincipalRate(RateLimiter rate) implements FrontStep {

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        String principal = exchange.principal.name();
        OptionalLong wait = rate.take(principal);
        if (wait.isEmpty()) {
            return Outcome.GO_ON;
        }
        exchange.response().setHeader("Retry-After", Long.toString(wait.getAsLong()));
        exchange.refuse(429, "too many requests from " + principal + "; retry after "
                + wait.getAsLong() + " s");
        return Outcome.ANSWERED;
    }
}

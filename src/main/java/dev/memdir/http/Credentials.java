package dev.memdir.http;

import dev.memdir.auth.Authentication;
import dev.memdir.auth.Authenticator;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Who the request acts for, as the authenticator says: refused as it says (401, 403, 503), or 429 when the client's
 * requests were refused for their credentials too often ({@link RefusalsByClient}).
 */
record Credentials(Authenticator authenticator, RefusalsByClient refusals) implements FrontStep {

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        exchange.authorization = Optional.ofNullable(exchange.request().getHeader("Authorization"));
        Authentication authentication = authenticator.authenticate(exchange.authorization);
        if (authentication instanceof Authentication.Accepted accepted) {
            exchange.principal = accepted.principal();
            return Outcome.GO_ON;
        }
        Authentication.Refused refused = (Authentication.Refused) authentication;
        HttpServletResponse response = exchange.response();
        OptionalLong refusedTooOften = refused.status() == 401 ? refusals.take(exchange.request())
                : OptionalLong.empty();
        if (refusedTooOften.isPresent()) {
            response.setHeader("Retry-After", Long.toString(refusedTooOften.getAsLong()));
            exchange.refuse(429, "too many requests without valid credentials from this address; retry"
                    + " after " + refusedTooOften.getAsLong() + " s");
            return Outcome.ANSWERED;
        }
        if (!refused.wwwAuthenticate().isEmpty()) {
            response.setHeader("WWW-Authenticate", refused.wwwAuthenticate());
        }
        exchange.refuse(refused.status(), refused.reason());
        return Outcome.ANSWERED;
    }
}

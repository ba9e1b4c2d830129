package dev.memdir.http;

import java.io.IOException;
import java.util.Optional;

/**
 * The server of the principal's namespace, held until the request ends (403 when none is served for it), and the
 * credential that holds what the request opens ({@link CredentialHolds}).
 */
record NamespaceChoice(NamespaceServers servers, CredentialHolds holds) implements FrontStep {

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        Optional<ServerUse> use = servers.forPrincipal(exchange.principal);
        if (use.isEmpty()) {
            exchange.refuse(403, "no memory is served here for " + exchange.principal.name());
            return Outcome.ANSWERED;
        }
        exchange.server = use.get();
        exchange.holdUntilEnd(use.get()::close);
        exchange.credential = holds.credential(exchange.authorization, exchange.principal);
        return Outcome.GO_ON;
    }
}

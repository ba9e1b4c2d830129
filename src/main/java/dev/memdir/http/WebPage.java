package dev.memdir.http;

import dev.memdir.auth.Authentication;
import dev.memdir.auth.Authenticator;
import dev.memdir.auth.Principal;
import dev.memdir.desk.MemoryDesk;
import dev.memdir.web.DeskSource;
import dev.memdir.web.WebLogin;
import dev.memdir.web.WebUi;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.Optional;

/**
 * The web page under {@code /ui}, once Host and Origin have passed: a principal logs in with its bearer token and
 * works on its own namespace's memory, the same server its agents reach at {@code /mcp}, so it sees nothing of
 * another's; a read-only principal's server is read-only.
 */
final class WebPage implements FrontStep {

    private final WebUi ui;

    /** {@code rate} is the one {@code /mcp} requests count against: a principal's page and agents share it. */
    WebPage(Authenticator authenticator, NamespaceServers servers, RefusalsByClient refusals, RateLimiter rate,
            long maxBodyBytes) {
        this.ui = new WebUi(WebLogin.byToken(token -> accepted(authenticator, token)), desks(servers),
                refusals::take, principal -> rate.take(principal.name()), maxBodyBytes, Clock.systemUTC());
    }

    /** A blank token is no Authorization header: the local principal of a server that has no tokens yet. */
    private static Optional<Principal> accepted(Authenticator authenticator, String token) {
        Authentication answer = authenticator.authenticate(token.isBlank() ? Optional.empty()
                : Optional.of("Bearer " + token));
        return answer instanceof Authentication.Accepted accepted ? Optional.of(accepted.principal())
                : Optional.empty();
    }

    private static DeskSource desks(NamespaceServers servers) {
        return principal -> servers.forPrincipal(principal).map(use -> {
            MemoryDesk desk;
            try {
                desk = use.server().desk();
            } catch (IOException e) {
                use.close();
                throw new UncheckedIOException(e);
            }
            return DeskSource.Hold.of(desk, use::close);
        });
    }

    @Override
    public Outcome pass(Exchange exchange) throws IOException {
        if (!WebUi.serves(exchange.request().getRequestURI())) {
            return Outcome.GO_ON;
        }
        ui.serve(exchange.request(), exchange.response(), Optional.ofNullable(exchange.body));
        return Outcome.ANSWERED;
    }
}

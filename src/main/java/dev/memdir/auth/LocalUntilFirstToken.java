package dev.memdir.auth;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who a request acts for on a server started before its store held any token: the local principal, with no question
 * asked, until a first token is made (by {@code memdir token create}, while the server runs); from then on, as for a
 * server started with tokens, every request needs one ({@link TokenAuthenticator}). The store is asked whether it
 * holds a token at most every {@link TokenAuthenticator#REMEMBERED_FOR}, so the first token takes effect within that.
 * A store that cannot answer refuses the request: whether credentials are needed is then unknown.
 */
public final class LocalUntilFirstToken implements Authenticator {

    private static final Logger LOG = LoggerFactory.getLogger(LocalUntilFirstToken.class);

    private final TokenStore store;
    private final Authentication.Accepted local;
    private final TokenAuthenticator tokens;
    private final Clock clock;
    private final Duration lookEvery;
    private volatile boolean tokenMade;
    private volatile Instant lookedAt = Instant.MIN;

    public LocalUntilFirstToken(TokenStore store, Principal local) {
        this(store, local, Clock.systemUTC(), TokenAuthenticator.REMEMBERED_FOR);
    }

    LocalUntilFirstToken(TokenStore store, Principal local, Clock clock, Duration lookEvery) {
        this.store = store;
        this.local = new Authentication.Accepted(local);
        this.tokens = new TokenAuthenticator(store, clock, lookEvery);
        this.clock = clock;
        this.lookEvery = lookEvery;
    }

    @Override
    public Authentication authenticate(Optional<String> authorization) {
        if (!tokenMade) {
            Instant now = clock.instant();
            if (lookedAt.plus(lookEvery).isAfter(now)) {
                return local;
            }
            try {
                tokenMade = !store.list().isEmpty();
            } catch (IOException e) {
                LOG.warn("cannot tell whether {} holds a token: {}", store.location(), e.getMessage());
                return new Authentication.Refused(503, "", "whether this server needs a token cannot be told now:"
                        + " the token store is unavailable");
            }
            lookedAt = now;
            if (!tokenMade) {
                return local;
            }
            LOG.info("{} holds a token now: every request needs one from here on", store.location());
        }
        return tokens.authenticate(authorization);
    }
}

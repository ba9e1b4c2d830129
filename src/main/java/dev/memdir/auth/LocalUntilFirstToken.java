package dev.memdir.auth;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who a request acts for on a server started before its store held any token: the local principal, with no question
 * asked, until a first token is made (by {@code memdir token create}, while the server runs); from then on, as for a
 * server started with tokens, every request needs one ({@link TokenAuthenticator}). Whether the store holds a token
 * is read from the same {@link TokenSnapshot}, so the first token takes effect within
 * {@link TokenAuthenticator#REMEMBERED_FOR}. A store that cannot answer refuses the request: whether credentials
 * are needed is then unknown.
 */
public final class LocalUntilFirstToken implements Authenticator {

    private static final Logger LOG = LoggerFactory.getLogger(LocalUntilFirstToken.class);

    private final TokenSnapshot snapshot;
    private final Authentication.Accepted local;
    private final TokenAuthenticator tokens;
    private volatile boolean tokenMade;

    public LocalUntilFirstToken(TokenStore store, Principal local) {
        this(store, local, Clock.systemUTC(), TokenAuthenticator.REMEMBERED_FOR);
    }

    LocalUntilFirstToken(TokenStore store, Principal local, Clock clock, Duration lookEvery) {
        this.snapshot = new TokenSnapshot(store, clock, lookEvery);
        this.local = new Authentication.Accepted(local);
        this.tokens = new TokenAuthenticator(snapshot, clock);
    }

    @Override
    public Authentication authenticate(Optional<String> authorization) {
        if (!tokenMade) {
            try {
                tokenMade = !snapshot.tokens().isEmpty();
            } catch (IOException e) {
                LOG.warn("cannot tell whether {} holds a token: {}", snapshot.location(), e.getMessage());
                return new Authentication.Refused(503, "", "whether this server needs a token cannot be told now:"
                        + " the token store is unavailable");
            }
            if (!tokenMade) {
                return local;
            }
            LOG.info("{} holds a token now: every request needs one from here on", snapshot.location());
        }
        return tokens.authenticate(authorization);
    }
}

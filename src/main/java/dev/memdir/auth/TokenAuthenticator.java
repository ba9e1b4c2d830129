package dev.memdir.auth;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Accepts {@code Authorization: Bearer TOKEN} for a token of the {@link TokenStore}: the token's SHA-256 finds it in
 * a {@link TokenSnapshot} of the store, and it acts for its user in its namespace. Checking costs a hash and a look
 * in memory, whatever is sent: the store is read at most once in {@link #REMEMBERED_FOR}, within which a token made
 * or revoked counts; expiry is checked at every request. No reason repeats what the header held.
 */
public final class TokenAuthenticator implements Authenticator {

    /** How old the tokens a request is checked against may be. */
    public static final Duration REMEMBERED_FOR = TokenSnapshot.MAX_AGE;
    static final String CHALLENGE = "Bearer";
    static final String INVALID_TOKEN = "Bearer error=\"invalid_token\"";
    /** RFC 6750's b64token after the scheme; a longer one is no token of ours, and is not hashed. */
    private static final Pattern BEARER = Pattern.compile("(?i)bearer +([A-Za-z0-9._~+/-]{1,512}=*) *");
    private static final Logger LOG = LoggerFactory.getLogger(TokenAuthenticator.class);

    private final TokenSnapshot tokens;
    private final Clock clock;

    public TokenAuthenticator(TokenStore store) {
        this(store, Clock.systemUTC(), REMEMBERED_FOR);
    }

    TokenAuthenticator(TokenStore store, Clock clock, Duration rememberedFor) {
        this(new TokenSnapshot(store, clock, rememberedFor), clock);
    }

    TokenAuthenticator(TokenSnapshot tokens, Clock clock) {
        this.tokens = tokens;
        this.clock = clock;
    }

    @Override
    public Authentication authenticate(Optional<String> authorization) {
        if (authorization.isEmpty() || authorization.get().isBlank()) {
            return new Authentication.Refused(401, CHALLENGE,
                    "this server needs a bearer token: send Authorization: Bearer TOKEN");
        }
        String header = authorization.get().strip();
        if (!header.regionMatches(true, 0, "bearer", 0, 6)
                || header.length() > 6 && header.charAt(6) != ' ') {
            return new Authentication.Refused(401, CHALLENGE,
                    "this server takes a bearer token only: send Authorization: Bearer TOKEN");
        }
        Matcher bearer = BEARER.matcher(header);
        if (!bearer.matches() || !TokenSecrets.isToken(bearer.group(1))) {
            return invalid("the bearer token is malformed");
        }
        Instant now = clock.instant();
        StoredToken token;
        try {
            // A look-up by hash: its time can tell a caller about the hash of what it sent, never of a kept one.
            token = tokens.tokens().get(TokenSecrets.sha256(bearer.group(1)));
        } catch (IOException e) {
            LOG.warn("cannot check a bearer token: {}", e.getMessage());
            return new Authentication.Refused(503, "", "the token cannot be checked now: the token store is"
                    + " unavailable");
        }
        if (token == null) {
            return invalid("the token is unknown");
        }
        if (token.revoked().isPresent()) {
            return invalid("the token was revoked");
        }
        if (!token.usableAt(now)) {
            return invalid("the token expired");
        }
        return new Authentication.Accepted(token.principal());
    }

    private static Authentication.Refused invalid(String reason) {
        return new Authentication.Refused(401, INVALID_TOKEN, reason);
    }
}

package dev.memdir.auth;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Accepts {@code Authorization: Bearer TOKEN} for a token of the {@link TokenStore}: the token's SHA-256 finds it,
 * and it acts for its user in its namespace. What the store answered for a hash is kept for
 * {@link #REMEMBERED_FOR}, so a revoke takes effect within that; expiry is checked at every request. No reason
 * repeats what the header held.
 */
public final class TokenAuthenticator implements Authenticator {

    /** How long a store's answer for one token is used before the store is asked again. */
    public static final Duration REMEMBERED_FOR = Duration.ofSeconds(2);
    static final String CHALLENGE = "Bearer";
    static final String INVALID_TOKEN = "Bearer error=\"invalid_token\"";
    /** A bound on what is remembered, against a flood of made-up tokens. */
    private static final int REMEMBERED_MOST = 10_000;
    /** RFC 6750's b64token after the scheme; a longer one is no token of ours, and is not hashed. */
    private static final Pattern BEARER = Pattern.compile("(?i)bearer +([A-Za-z0-9._~+/-]{1,512}=*) *");
    private static final Logger LOG = LoggerFactory.getLogger(TokenAuthenticator.class);

    private final TokenStore store;
    private final Clock clock;
    private final Duration rememberedFor;
    private final Map<String, Remembered> remembered = new ConcurrentHashMap<>();

    /** What the store answered for one hash, and when. */
    private record Remembered(Optional<StoredToken> token, Instant asked) {}

    public TokenAuthenticator(TokenStore store) {
        this(store, Clock.systemUTC(), REMEMBERED_FOR);
    }

    TokenAuthenticator(TokenStore store, Clock clock, Duration rememberedFor) {
        this.store = store;
        this.clock = clock;
        this.rememberedFor = rememberedFor;
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
        Optional<StoredToken> found;
        try {
            found = lookUp(TokenSecrets.sha256(bearer.group(1)), now);
        } catch (IOException e) {
            LOG.warn("cannot check a bearer token: {}", e.getMessage());
            return new Authentication.Refused(503, "", "the token cannot be checked now: the token store is"
                    + " unavailable");
        }
        if (found.isEmpty()) {
            return invalid("the token is unknown");
        }
        StoredToken token = found.get();
        if (token.revoked().isPresent()) {
            return invalid("the token was revoked");
        }
        if (!token.usableAt(now)) {
            return invalid("the token expired");
        }
        return new Authentication.Accepted(token.principal());
    }

    private Optional<StoredToken> lookUp(String sha256, Instant now) throws IOException {
        Remembered kept = remembered.get(sha256);
        if (kept != null && kept.asked().plus(rememberedFor).isAfter(now)) {
            return kept.token();
        }
        Optional<StoredToken> token = store.findBySha256(sha256);
        if (remembered.size() >= REMEMBERED_MOST) {
            remembered.clear();
        }
        remembered.put(sha256, new Remembered(token, now));
        return token;
    }

    private static Authentication.Refused invalid(String reason) {
        return new Authentication.Refused(401, INVALID_TOKEN, reason);
    }
}

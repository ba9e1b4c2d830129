package dev.memdir.auth;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The tokens of a {@link TokenStore} by hash, as it held them at most {@link #MAX_AGE} ago: the store is read at
 * most once in that time whatever arrives, so a flood of made-up tokens never reaches it, and a token made or
 * revoked counts within that time. A read that fails is not tried again within that time either (each request
 * meanwhile is told the store is unavailable), so a failing store is not hammered.
 */
final class TokenSnapshot {

    /** How old the tokens a request is checked against may be. */
    static final Duration MAX_AGE = Duration.ofSeconds(1);

    private final TokenStore store;
    private final Clock clock;
    private final Duration maxAge;
    private Map<String, StoredToken> byHash = Map.of();
    private Instant readAt = Instant.MIN;
    private IOException failure;

    TokenSnapshot(TokenStore store, Clock clock, Duration maxAge) {
        this.store = store;
        this.clock = clock;
        this.maxAge = maxAge;
    }

    /** Returns every token (revoked and expired ones too) by its SHA-256; read anew when older than the age. */
    synchronized Map<String, StoredToken> tokens() throws IOException {
        Instant now = clock.instant();
        if (readAt.plus(maxAge).isAfter(now)) {
            if (failure != null) {
                throw failure;
            }
            return byHash;
        }
        readAt = now;
        try {
            Map<String, StoredToken> read = new HashMap<>();
            for (StoredToken token : store.list()) {
                read.put(token.sha256(), token);
            }
            byHash = Map.copyOf(read);
            failure = null;
            return byHash;
        } catch (IOException e) {
            failure = e;
            throw e;
        }
    }

    /** Returns where the tokens are kept, as messages name it. */
    String location() {
        return store.location();
    }
}

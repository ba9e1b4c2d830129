package dev.memdir.auth;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * A token just made: the token itself, to be shown once, and what its store keeps of it.
 *
 * @param token the bearer token, which nothing keeps
 * @param stored what the store keeps: its hash, id, user, namespace and times
 */
public record IssuedToken(String token, StoredToken stored) {

    /**
     * Makes a new token for {@code user} reaching {@code namespace}, valid from {@code now} for {@code lifetime} (or
     * until revoked), and adds its hash to {@code store}. The names must be {@link PrincipalNames} ones.
     */
    public static IssuedToken issue(TokenStore store, String user, String namespace, boolean readOnly,
            Optional<Duration> lifetime, Instant now) throws IOException {
        if (!PrincipalNames.isUser(user) || !PrincipalNames.isNamespace(namespace)) {
            throw new IllegalArgumentException("not a user and namespace a token can carry");
        }
        Instant created = now.truncatedTo(ChronoUnit.SECONDS);
        String token = TokenSecrets.newToken();
        StoredToken stored = new StoredToken(TokenSecrets.newId(), TokenSecrets.sha256(token), user, namespace,
                readOnly, created, lifetime.map(created::plus), Optional.empty());
        store.add(stored);
        return new IssuedToken(token, stored);
    }

    /** Leaves the token out, so that no log or message shows it by accident. */
    @Override
    public String toString() {
        return "IssuedToken[" + stored.id() + "]";
    }
}

package dev.memdir.auth;

import java.time.Instant;
import java.util.Optional;

/**
 * A bearer token as a token store keeps it: never the token, only its SHA-256, with whom it acts for.
 *
 * @param id the token's public name, which {@code token list} shows and {@code token revoke} takes
 * @param sha256 the SHA-256 of the token, 64 lowercase hex digits
 * @param user who the token acts for, the principal's name
 * @param namespace the one memory namespace the token reaches
 * @param readOnly whether the token may only view
 * @param created when the token was made
 * @param expires when it stops working, if ever
 * @param revoked when it was revoked, if it was
 */
public record StoredToken(String id, String sha256, String user, String namespace, boolean readOnly,
        Instant created, Optional<Instant> expires, Optional<Instant> revoked) {

    /** Returns whether the token still works at {@code now}: not revoked and not expired. */
    public boolean usableAt(Instant now) {
        return revoked.isEmpty() && expires.map(now::isBefore).orElse(true);
    }

    /** Returns this token revoked at {@code when}; one revoked already keeps its first revocation time. */
    public StoredToken revokedAt(Instant when) {
        return revoked.isPresent() ? this
                : new StoredToken(id, sha256, user, namespace, readOnly, created, expires, Optional.of(when));
    }

    /** Returns the principal the token acts for. */
    public Principal principal() {
        return new Principal(user, namespace, readOnly);
    }
}

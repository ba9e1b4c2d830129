package dev.memdir.auth.oauth;

import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.JWTClaimsSetVerifier;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/**
 * The claims an access token needs, checked once its signature holds: issued by the issuer ({@code iss}, exactly),
 * meant for this server ({@code aud} holds the resource, RFC 8707), and in its time ({@code exp} required,
 * {@code nbf} if present), both with a minute of clock skew.
 */
final class AccessTokenClaims implements JWTClaimsSetVerifier<SecurityContext> {

    static final Duration CLOCK_SKEW = Duration.ofSeconds(60);

    private final String issuer;
    private final String audience;
    private final Clock clock;
    private final Refusals refusals;

    AccessTokenClaims(String issuer, String audience, Clock clock, Refusals refusals) {
        this.issuer = issuer;
        this.audience = audience;
        this.clock = clock;
        this.refusals = refusals;
    }

    @Override
    public void verify(JWTClaimsSet claims, SecurityContext context) throws BadJWTException {
        if (!issuer.equals(claims.getIssuer())) {
            throw new ClaimRefused(refusals.wrongIssuer());
        }
        if (!claims.getAudience().contains(audience)) {
            throw new ClaimRefused(refusals.wrongAudience());
        }
        Date expiry = claims.getExpirationTime();
        if (expiry == null) {
            throw new ClaimRefused(refusals.noExpiry());
        }
        Instant now = clock.instant();
        if (now.isAfter(expiry.toInstant().plus(CLOCK_SKEW))) {
            throw new ClaimRefused(refusals.expired());
        }
        Date notBefore = claims.getNotBeforeTime();
        if (notBefore != null && now.plus(CLOCK_SKEW).isBefore(notBefore.toInstant())) {
            throw new ClaimRefused(refusals.notYetValid());
        }
    }

    /** A claim this verifier refused; its message is the reason to give. */
    static final class ClaimRefused extends BadJWTException {

        private static final long serialVersionUID = 1L;

        ClaimRefused(String reason) {
            super(reason);
        }
    }
}

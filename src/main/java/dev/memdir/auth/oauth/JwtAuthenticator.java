package dev.memdir.auth.oauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.RateLimitReachedException;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.BadJWSException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.EncryptedJWT;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import dev.memdir.auth.Authentication.Accepted;
import dev.memdir.auth.Authentication;
import dev.memdir.auth.Authenticator;
import dev.memdir.auth.Principal;
import dev.memdir.auth.PrincipalNames;
import dev.memdir.config.OAuthSettings;
import dev.memdir.text.Utf16;
import java.text.ParseException;
import java.time.Clock;
import java.util.Collections;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Takes OAuth 2.1 access tokens that are JWTs from the configured issuer: signed with one of its keys (RSA or EC;
 * never {@code none} or a shared secret), for this server, in their time, granting {@code memdir:read}. The
 * principal is the user claim's value; its namespace the namespace claim's, or its own {@code user/<name>}; it is
 * read-only unless the token grants {@code memdir:write}.
 */
public final class JwtAuthenticator implements Authenticator {

    /** The longest user name taken, in characters. */
    static final int MAX_NAME = 200;

    static final Set<JWSAlgorithm> ALGORITHMS = algorithms();
    static final Set<JOSEObjectType> TYPES = types();

    private static final String BEARER = "bearer ";

    private final OAuthSettings settings;
    private final Refusals refusals;
    private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();

    JwtAuthenticator(OAuthSettings settings, String audience, JWKSource<SecurityContext> keys, Refusals refusals,
            Clock clock) {
        this.settings = settings;
        this.refusals = refusals;
        processor.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(TYPES));
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
        processor.setJWTClaimsSetVerifier(
                new AccessTokenClaims(settings.issuer().toString(), audience, clock, refusals));
    }

    @Override
    public Authentication authenticate(Optional<String> authorization) {
        if (authorization.isEmpty()) {
            return refusals.noToken();
        }
        String header = authorization.get().strip();
        if (!header.regionMatches(true, 0, BEARER, 0, BEARER.length()) && !header.equalsIgnoreCase("bearer")) {
            return refusals.notBearer();
        }
        String token = header.length() > BEARER.length() ? header.substring(BEARER.length()).strip() : "";
        if (token.isEmpty()) {
            return refusals.emptyToken();
        }
        JWT jwt;
        try {
            jwt = JWTParser.parse(token);
        } catch (ParseException notAJwt) {
            return refusals.notJwt();
        }
        if (jwt instanceof PlainJWT) {
            return refusals.unsigned();
        }
        if (jwt instanceof EncryptedJWT || !(jwt instanceof SignedJWT signed)) {
            return refusals.encrypted();
        }
        return verify(signed);
    }

    private Authentication verify(SignedJWT jwt) {
        JWSAlgorithm algorithm = jwt.getHeader().getAlgorithm();
        if (JWSAlgorithm.Family.HMAC_SHA.contains(algorithm)) {
            return refusals.sharedSecret();
        }
        if (!ALGORITHMS.contains(algorithm)) {
            return refusals.algorithm();
        }
        if (!TYPES.contains(jwt.getHeader().getType())) {
            return refusals.type();
        }
        JWTClaimsSet claims;
        try {
            claims = processor.process(jwt, null);
        } catch (AccessTokenClaims.ClaimRefused refused) {
            return refusals.claimRefused(refused.getMessage());
        } catch (BadJWSException badSignature) {
            return refusals.badSignature();
        } catch (BadJWTException badPayload) {
            return refusals.notClaims();
        } catch (BadJOSEException noMatchingKey) {
            return refusals.unknownKey();
        } catch (RateLimitReachedException refreshedTooRecently) {
            return refusals.unknownKey();
        } catch (KeySourceException keysUnreachable) {
            return refusals.keysUnavailable();
        } catch (JOSEException uncheckable) {
            return refusals.uncheckable();
        }
        return principal(claims);
    }

    private Authentication principal(JWTClaimsSet claims) {
        String userClaim = settings.userClaim();
        Object user = claims.getClaim(userClaim);
        if (user == null) {
            return refusals.noUser(userClaim);
        }
        // An unpaired surrogate has no UTF-8 form: two such names could share the one namespace they are written as.
        if (!(user instanceof String name) || name.isBlank() || name.length() > MAX_NAME
                || name.codePoints().anyMatch(Character::isISOControl) || Utf16.unpairedSurrogate(name, 0) >= 0) {
            return refusals.unusableUser(userClaim);
        }
        String namespace;
        if (settings.namespaceClaim().isPresent()) {
            String namespaceClaim = settings.namespaceClaim().get();
            Object given = claims.getClaim(namespaceClaim);
            if (given == null) {
                return refusals.noNamespace(namespaceClaim);
            }
            if (!(given instanceof String plain) || !PrincipalNames.isNamespace(plain)) {
                return refusals.unusableNamespace(namespaceClaim);
            }
            namespace = plain;
        } else {
            Optional<String> own = UserNamespace.of(name);
            if (own.isEmpty()) {
                return refusals.userNamespaceTooLong(userClaim);
            }
            namespace = own.get();
        }
        Scopes scopes = Scopes.of(claims);
        if (!scopes.mayRead()) {
            return refusals.insufficientScope();
        }
        return new Accepted(new Principal(name, namespace, !scopes.mayWrite()));
    }

    private static Set<JWSAlgorithm> algorithms() {
        Set<JWSAlgorithm> algorithms = new HashSet<>(JWSAlgorithm.Family.RSA);
        algorithms.addAll(JWSAlgorithm.Family.EC);
        return Set.copyOf(algorithms);
    }

    /** A plain JWT's type or none, and RFC 9068's access token type (with its media type form). */
    private static Set<JOSEObjectType> types() {
        Set<JOSEObjectType> types = new HashSet<>();
        types.add(JOSEObjectType.JWT);
        types.add(new JOSEObjectType("at+jwt"));
        types.add(new JOSEObjectType("application/at+jwt"));
        types.add(null);
        return Collections.unmodifiableSet(types);
    }
}

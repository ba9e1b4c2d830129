package dev.memdir.auth.oauth;

import dev.memdir.auth.Authentication.Refused;
import dev.memdir.auth.PrincipalNames;
import java.net.URI;

/**
 * Every refusal of the OAuth authenticator: its status, its {@code WWW-Authenticate} challenge (RFC 6750, with the
 * RFC 9728 {@code resource_metadata} pointer) and its one-line reason. Reasons name the configuration and the
 * claim that failed, never the token or a value taken from it.
 */
final class Refusals {

    private final String metadata;
    private final URI issuer;
    private final String audience;

    Refusals(URI resourceMetadata, URI issuer, String audience) {
        this.metadata = "resource_metadata=\"" + resourceMetadata + "\"";
        this.issuer = issuer;
        this.audience = audience;
    }

    /** No credentials at all: the challenge only says where to learn how to get some (RFC 6750 section 3.1). */
    Refused noToken() {
        return new Refused(401, "Bearer " + metadata,
                "no access token: send Authorization: Bearer with a token from " + issuer);
    }

    Refused notBearer() {
        return new Refused(401, "Bearer " + metadata,
                "the Authorization header holds no bearer token: send Authorization: Bearer with a token from "
                        + issuer);
    }

    Refused insufficientScope() {
        return new Refused(403, "Bearer error=\"insufficient_scope\", scope=\"" + Scopes.READ + "\", " + metadata,
                "the access token does not grant " + Scopes.READ);
    }

    /** The issuer's keys cannot be fetched, so no token can be checked now; nothing the client does helps. */
    Refused keysUnavailable() {
        return new Refused(503, "", "the keys of OAuth issuer " + issuer + " cannot be fetched now; try again later");
    }

    Refused emptyToken() {
        return invalid("the bearer token is empty");
    }

    Refused notJwt() {
        return invalid("the access token is not a JWT");
    }

    Refused unsigned() {
        return invalid("the access token is not signed (alg none)");
    }

    Refused encrypted() {
        return invalid("the access token is encrypted; memdir takes signed JWTs");
    }

    Refused sharedSecret() {
        return invalid("the access token is signed with a shared secret (HMAC); memdir takes only tokens signed with"
                + " the issuer's public keys");
    }

    Refused algorithm() {
        return invalid("the access token is signed with an algorithm memdir does not take (RSA and EC only)");
    }

    Refused type() {
        return invalid("the access token's typ is neither JWT nor at+jwt");
    }

    Refused badSignature() {
        return invalid("the access token's signature does not verify with the keys of " + issuer);
    }

    Refused unknownKey() {
        return invalid("no key of " + issuer + " matches the access token");
    }

    Refused uncheckable() {
        return invalid("the access token's signature cannot be checked");
    }

    Refused notClaims() {
        return invalid("the access token's payload is not a claims set");
    }

    String wrongIssuer() {
        return "the access token was not issued by " + issuer;
    }

    String wrongAudience() {
        return "the access token is not meant for this server: its audience does not include " + audience;
    }

    String noExpiry() {
        return "the access token has no expiry (exp)";
    }

    String expired() {
        return "the access token has expired";
    }

    String notYetValid() {
        return "the access token is not valid yet (nbf)";
    }

    Refused claimRefused(String reason) {
        return invalid(reason);
    }

    Refused noUser(String claim) {
        return invalid("the access token has no '" + claim + "' claim naming its user");
    }

    Refused unusableUser(String claim) {
        return invalid("the access token's '" + claim + "' claim is not a user name memdir can serve"
                + " (a string of 1-" + JwtAuthenticator.MAX_NAME + " characters without control characters or"
                + " unpaired surrogates)");
    }

    Refused userNamespaceTooLong(String claim) {
        return invalid("the access token's '" + claim + "' claim is too long to name a namespace ("
                + UserNamespace.PREFIX + " and the name, with characters outside A-Z a-z 0-9 . - written _XX, in 200 characters)");
    }

    Refused noNamespace(String claim) {
        return invalid("the access token has no '" + claim + "' claim naming its namespace");
    }

    Refused unusableNamespace(String claim) {
        return invalid("the access token's '" + claim + "' claim is not a namespace ("
                + PrincipalNames.NAMESPACE_RULE + ")");
    }

    private Refused invalid(String reason) {
        return new Refused(401, "Bearer error=\"invalid_token\", " + metadata, reason);
    }
}

package dev.memdir.config;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * How memdir serves as an OAuth 2.1 resource server: whose access tokens it takes and what in them names the
 * principal.
 *
 * @param issuer the authorization server: tokens must carry exactly this {@code iss}, and its metadata is found
 *     under it
 * @param audience the resource tokens must be meant for ({@code aud}, RFC 8707); empty means the server's own
 *     resource URL, as {@code https://host/mcp}
 * @param userClaim the claim naming the principal ({@code sub} unless told)
 * @param namespaceClaim the claim naming the principal's namespace, if any; without one each principal has its own,
 *     {@code user/<name>}
 */
public record OAuthSettings(URI issuer, Optional<URI> audience, String userClaim, Optional<String> namespaceClaim) {

    public OAuthSettings {
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(audience, "audience");
        Objects.requireNonNull(namespaceClaim, "namespaceClaim");
        if (userClaim == null || userClaim.isBlank()) {
            throw new IllegalArgumentException("the user claim must name a claim");
        }
        if (namespaceClaim.isPresent() && namespaceClaim.get().isBlank()) {
            throw new IllegalArgumentException("the namespace claim must name a claim");
        }
    }

    /** Returns the resource identifier tokens must name: the audience given, else {@code serverUrl}. */
    public URI resource(URI serverUrl) {
        return audience.orElse(serverUrl);
    }
}

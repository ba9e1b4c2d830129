package dev.memdir.auth.oauth;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jose.util.ResourceRetriever;
import dev.memdir.config.SecureUrl;
import dev.memdir.json.SharedJson;
import dev.memdir.text.Untrusted;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;

/**
 * What memdir takes from an authorization server's metadata (RFC 8414, or OpenID Connect Discovery): where its
 * keys are. Found at the well-known addresses in the order the MCP authorization spec gives, and used only when
 * the document names exactly the configured issuer (so a document cannot point memdir at another issuer's keys).
 */
record IssuerMetadata(URI issuer, URI jwksUri) {

    private static final String OAUTH = "/.well-known/oauth-authorization-server";
    private static final String OPENID = "/.well-known/openid-configuration";

    /** Fetches the first metadata document the issuer publishes and checks it names the issuer. */
    static IssuerMetadata discover(URI issuer, ResourceRetriever retriever) throws IssuerUnusableException {
        List<String> failures = new ArrayList<>();
        for (URI candidate : wellKnown(issuer)) {
            String document;
            try {
                document = retriever.retrieveResource(candidate.toURL()).getContent();
            } catch (IOException e) {
                failures.add(candidate + " (" + HttpFetcher.describe(e) + ")");
                continue;
            }
            return read(issuer, candidate, document);
        }
        throw new IssuerUnusableException("cannot read the metadata of OAuth issuer " + issuer + ": "
                + String.join(", ", failures));
    }

    /**
     * The addresses of the metadata, in order: for an issuer with a path, the well-known suffix goes between host
     * and path (RFC 8414), with OpenID's appended form last; a trailing slash of the issuer is dropped first.
     */
    static List<URI> wellKnown(URI issuer) {
        String origin = issuer.getScheme() + "://" + issuer.getRawAuthority();
        String path = issuer.getRawPath() == null ? "" : issuer.getRawPath().replaceAll("/+$", "");
        List<String> urls = path.isEmpty() ? List.of(origin + OAUTH, origin + OPENID)
                : List.of(origin + OAUTH + path, origin + OPENID + path, origin + path + OPENID);
        return urls.stream().map(URI::create).toList();
    }

    private static IssuerMetadata read(URI issuer, URI source, String document) throws IssuerUnusableException {
        JsonNode metadata;
        try {
            metadata = SharedJson.mapper().readTree(document);
        } catch (IOException e) {
            metadata = null;
        }
        if (metadata == null || !metadata.isObject()) {
            throw new IssuerUnusableException("the OAuth issuer metadata at " + source + " is not a JSON object");
        }
        JsonNode named = metadata.path("issuer");
        if (!named.isTextual() || !named.textValue().equals(issuer.toString())) {
            throw new IssuerUnusableException("the OAuth issuer metadata at " + source + " names issuer "
                    + (named.isTextual() ? Untrusted.quoted(named.textValue()) : "none") + ", not " + issuer
                    + "; memdir takes no keys from it (give --oauth-issuer exactly as the issuer names itself)");
        }
        JsonNode jwks = metadata.path("jwks_uri");
        if (!jwks.isTextual()) {
            throw new IssuerUnusableException("the OAuth issuer metadata at " + source + " has no jwks_uri");
        }
        try {
            URI jwksUri = new URI(jwks.textValue());
            if (jwksUri.isAbsolute() && SecureUrl.allowed(jwksUri)) {
                return new IssuerMetadata(issuer, jwksUri);
            }
        } catch (URISyntaxException notAUri) {
            // reported below
        }
        throw new IssuerUnusableException("the jwks_uri of OAuth issuer " + issuer + " must be " + SecureUrl.RULE
                + ", not " + Untrusted.quoted(jwks.textValue()));
    }
}

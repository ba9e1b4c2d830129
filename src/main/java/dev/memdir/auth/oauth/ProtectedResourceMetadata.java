package dev.memdir.auth.oauth;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memdir.json.SharedJson;
import java.net.URI;
import java.util.List;

/**
 * This server's OAuth 2.0 Protected Resource Metadata (RFC 9728): the document a client reads to learn which
 * issuer grants tokens for it and which scopes it knows, and where that document is.
 */
public final class ProtectedResourceMetadata {

    static final String WELL_KNOWN = "/.well-known/oauth-protected-resource";

    private final URI resource;
    private final URI issuer;

    /** The metadata of {@code resource} (its canonical URL, as {@code https://host/mcp}) guarded by {@code issuer}. */
    public ProtectedResourceMetadata(URI resource, URI issuer) {
        this.resource = resource;
        this.issuer = issuer;
    }

    /** Returns the resource identifier, the audience tokens must carry. */
    public URI resource() {
        return resource;
    }

    /**
     * Returns where the document is, as {@code resource_metadata} names it: the well-known suffix between the
     * resource's host and path (RFC 9728 section 3.1), so {@code https://host/mcp} has
     * {@code https://host/.well-known/oauth-protected-resource/mcp}.
     */
    public URI url() {
        return URI.create(resource.getScheme() + "://" + resource.getRawAuthority() + paths().get(0));
    }

    /**
     * Returns the request paths the server serves the document at: the RFC 9728 one {@link #url()} names first, then
     * the root one (the MCP spec lets clients without a {@code resource_metadata} pointer try both); one path when
     * the resource has none.
     */
    public List<String> paths() {
        String path = resource.getRawPath() == null ? "" : resource.getRawPath().replaceAll("/+$", "");
        return path.isEmpty() ? List.of(WELL_KNOWN) : List.of(WELL_KNOWN + path, WELL_KNOWN);
    }

    /** Returns the document. */
    public ObjectNode document() {
        ObjectNode document = SharedJson.mapper().createObjectNode();
        document.put("resource", resource.toString());
        document.putArray("authorization_servers").add(issuer.toString());
        Scopes.SUPPORTED.forEach(document.putArray("scopes_supported")::add);
        document.putArray("bearer_methods_supported").add("header");
        return document;
    }

    /** Returns the document as the body of an {@code application/json} answer. */
    public String json() {
        try {
            return SharedJson.mapper().writeValueAsString(document());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of strings always serialises", e);
        }
    }
}

package dev.memdir.auth.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memdir.json.SharedJson;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The RFC 9728 document and where it lives, for a resource with a path and one without. */
class ProtectedResourceMetadataTest {

    private static final URI ISSUER = URI.create("https://login.example.com/realms/team");

    @Test
    void resourceWithAPath_documentAtTheSuffixBeforeThePath_andAtTheRoot() {
        ProtectedResourceMetadata metadata = new ProtectedResourceMetadata(
                URI.create("https://memdir.example.com:8443/team/mcp"), ISSUER);

        assertThat(metadata.url()).isEqualTo(
                URI.create("https://memdir.example.com:8443/.well-known/oauth-protected-resource/team/mcp"));
        assertThat(metadata.paths()).isEqualTo(List.of("/.well-known/oauth-protected-resource/team/mcp",
                "/.well-known/oauth-protected-resource"));
    }

    @Test
    void resourceWithoutAPath_documentAtTheRootOnly() {
        for (String resource : List.of("https://memdir.example.com", "https://memdir.example.com/")) {
            ProtectedResourceMetadata metadata = new ProtectedResourceMetadata(URI.create(resource), ISSUER);

            assertThat(metadata.url()).isEqualTo(
                    URI.create("https://memdir.example.com/.well-known/oauth-protected-resource"));
            assertThat(metadata.paths()).isEqualTo(List.of("/.well-known/oauth-protected-resource"));
        }
    }

    @Test
    void document_resourceExactlyAsGiven_oneAuthorizationServer_bothScopes_headerOnly() throws Exception {
        JsonNode document = SharedJson.mapper().readTree(new ProtectedResourceMetadata(
                URI.create("https://memdir.example.com/mcp"), ISSUER).json());

        assertThat(document).isEqualTo(SharedJson.mapper().readTree("{\"resource\":\"https://memdir.example.com/mcp\","
                + "\"authorization_servers\":[\"https://login.example.com/realms/team\"],"
                + "\"scopes_supported\":[\"memdir:read\",\"memdir:write\"],\"bearer_methods_supported\":[\"header\"]}"));
    }
}

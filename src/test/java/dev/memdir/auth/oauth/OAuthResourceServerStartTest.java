package dev.memdir.auth.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import dev.memdir.auth.Authentication.Accepted;
import dev.memdir.auth.Principal;
import dev.memdir.config.OAuthSettings;
import java.net.URI;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Start-up against a real issuer on loopback: where its metadata is looked for, and what makes it unusable. */
class OAuthResourceServerStartTest {

    private static final URI SERVER = URI.create("http://127.0.0.1:8080/mcp");
    private static final RSAKey KEY = Tokens.rsa("k1");

    private TestIssuer issuer;

    @BeforeEach
    void startIssuer() throws Exception {
        issuer = TestIssuer.start();
    }

    @AfterEach
    void stopIssuer() {
        issuer.close();
    }

    private OAuthResourceServer start(URI issuerUrl) throws IssuerUnusableException {
        return OAuthResourceServer.start(new OAuthSettings(issuerUrl, Optional.empty(), "sub", Optional.empty()),
                SERVER);
    }

    private void assertStartRefused(URI issuerUrl, String message) {
        assertThatThrownBy(() -> start(issuerUrl)).isInstanceOf(IssuerUnusableException.class).hasMessage(message);
    }

    /** A token of {@code issuerUrl} for the server, valid now, to show the started server takes its tokens. */
    private static String token(URI issuerUrl) {
        return Tokens.sign(KEY, new JWTClaimsSet.Builder().issuer(issuerUrl.toString()).audience(SERVER.toString())
                .subject("alice").expirationTime(Date.from(Instant.now().plusSeconds(300)))
                .claim("scope", "memdir:read").build());
    }

    @Test
    void rfc8414Metadata_keysFetchedOnce_tokensTaken() throws Exception {
        issuer.standard(KEY.toPublicJWK());

        try (OAuthResourceServer server = start(issuer.url())) {
            assertThat(server.authenticator().authenticate(Optional.of("Bearer " + token(issuer.url()))))
                    .isEqualTo(new Accepted(new Principal("alice", "user/alice", true)));
        }
        assertThat(issuer.hits(TestIssuer.METADATA)).isEqualTo(1);
        assertThat(issuer.hits(TestIssuer.OPENID)).isZero();
        assertThat(issuer.hits(TestIssuer.JWKS)).isEqualTo(1);
    }

    @Test
    void openIdConfigurationOnly_takenAfterTheOAuthMetadataIsMissing() throws Exception {
        issuer.publish(TestIssuer.OPENID, TestIssuer.metadata(issuer.url().toString(), issuer.url() + "/keys"));
        issuer.publish("/keys", new com.nimbusds.jose.jwk.JWKSet(KEY.toPublicJWK()).toString());

        try (OAuthResourceServer server = start(issuer.url())) {
            assertThat(server.authenticator().authenticate(Optional.of("Bearer " + token(issuer.url()))))
                    .isInstanceOf(Accepted.class);
        }
        assertThat(issuer.hits(TestIssuer.METADATA)).isEqualTo(1);
        assertThat(issuer.hits(TestIssuer.OPENID)).isEqualTo(1);
    }

    @Test
    void issuerWithAPath_metadataWithTheSuffixInsertedFirst() throws Exception {
        URI tenant = URI.create(issuer.url() + "/realms/team");
        issuer.publish(TestIssuer.METADATA + "/realms/team", TestIssuer.metadata(tenant.toString(),
                issuer.url() + TestIssuer.JWKS));
        issuer.publishKeys(KEY.toPublicJWK());

        try (OAuthResourceServer server = start(tenant)) {
            assertThat(server.authenticator().authenticate(Optional.of("Bearer " + token(tenant))))
                    .isInstanceOf(Accepted.class);
        }
    }

    @Test
    void issuerWithAPath_openIdConfigurationAppended_lastResort() throws Exception {
        URI tenant = URI.create(issuer.url() + "/realms/team");
        issuer.publish("/realms/team" + TestIssuer.OPENID, TestIssuer.metadata(tenant.toString(),
                issuer.url() + TestIssuer.JWKS));
        issuer.publishKeys(KEY.toPublicJWK());

        start(tenant).close();

        assertThat(issuer.hits(TestIssuer.METADATA + "/realms/team")).isEqualTo(1);
        assertThat(issuer.hits(TestIssuer.OPENID + "/realms/team")).isEqualTo(1);
        assertThat(issuer.hits("/realms/team" + TestIssuer.OPENID)).isEqualTo(1);
    }

    @Test
    void wellKnownAddresses_inTheOrderOfTheMcpSpec() {
        assertThat(IssuerMetadata.wellKnown(URI.create("https://auth.example.com/"))).containsExactly(
                URI.create("https://auth.example.com/.well-known/oauth-authorization-server"),
                URI.create("https://auth.example.com/.well-known/openid-configuration"));
        assertThat(IssuerMetadata.wellKnown(URI.create("https://auth.example.com/tenant1"))).containsExactly(
                URI.create("https://auth.example.com/.well-known/oauth-authorization-server/tenant1"),
                URI.create("https://auth.example.com/.well-known/openid-configuration/tenant1"),
                URI.create("https://auth.example.com/tenant1/.well-known/openid-configuration"));
    }

    @Test
    void metadataNamingAnotherIssuer_refused_noKeysFetched() {
        issuer.publish(TestIssuer.METADATA, TestIssuer.metadata("https://honest.example.com",
                issuer.url() + TestIssuer.JWKS));
        issuer.publishKeys(KEY.toPublicJWK());

        assertStartRefused(issuer.url(), "the OAuth issuer metadata at " + issuer.url() + TestIssuer.METADATA
                + " names issuer 'https://honest.example.com', not " + issuer.url() + "; memdir takes no keys from it"
                + " (give --oauth-issuer exactly as the issuer names itself)");
        assertThat(issuer.hits(TestIssuer.OPENID)).isZero();
        assertThat(issuer.hits(TestIssuer.JWKS)).isZero();
    }

    @Test
    void metadataNamingAnIssuerWithControlCharacters_refusedInOnePrintableLine() {
        // JSON escapes: the document is valid JSON whose issuer holds an escape sequence and a line break.
        issuer.publish(TestIssuer.METADATA, TestIssuer.metadata("\\u001b[31mevil\\r\\nmemdir: forged",
                issuer.url() + TestIssuer.JWKS));

        assertStartRefused(issuer.url(), "the OAuth issuer metadata at " + issuer.url() + TestIssuer.METADATA
                + " names issuer '?[31mevil??memdir: forged', not " + issuer.url() + "; memdir takes no keys from it"
                + " (give --oauth-issuer exactly as the issuer names itself)");
    }

    @Test
    void metadataNamingTheIssuerWithATrailingSlash_refused() {
        issuer.publish(TestIssuer.METADATA, TestIssuer.metadata(issuer.url() + "/", issuer.url() + TestIssuer.JWKS));

        assertStartRefused(issuer.url(), "the OAuth issuer metadata at " + issuer.url() + TestIssuer.METADATA
                + " names issuer '" + issuer.url() + "/', not " + issuer.url() + "; memdir takes no keys from it"
                + " (give --oauth-issuer exactly as the issuer names itself)");
    }

    @Test
    void noMetadataAnywhere_refusedNamingEachAddressTried() {
        assertStartRefused(issuer.url(), "cannot read the metadata of OAuth issuer " + issuer.url() + ": "
                + issuer.url() + TestIssuer.METADATA + " (HTTP 404), "
                + issuer.url() + TestIssuer.OPENID + " (HTTP 404)");
    }

    @Test
    void issuerNotListening_refusedSayingSo() throws Exception {
        URI gone = issuer.url();
        issuer.close();

        assertStartRefused(gone, "cannot read the metadata of OAuth issuer " + gone + ": " + gone + TestIssuer.METADATA
                + " (connection refused), " + gone + TestIssuer.OPENID + " (connection refused)");
    }

    @Test
    void metadataNotJsonOrWithoutKeys_refused() {
        issuer.publish(TestIssuer.METADATA, "<html>login</html>");
        assertStartRefused(issuer.url(), "the OAuth issuer metadata at " + issuer.url() + TestIssuer.METADATA
                + " is not a JSON object");

        issuer.publish(TestIssuer.METADATA, "{\"issuer\":\"" + issuer.url() + "\"}");
        assertStartRefused(issuer.url(), "the OAuth issuer metadata at " + issuer.url() + TestIssuer.METADATA
                + " has no jwks_uri");
    }

    @Test
    void keysOnPlainHttpElsewhere_refused() {
        issuer.publish(TestIssuer.METADATA, TestIssuer.metadata(issuer.url().toString(),
                "http://keys.example.com/jwks.json"));

        assertStartRefused(issuer.url(), "the jwks_uri of OAuth issuer " + issuer.url() + " must be an https URL"
                + " (http only on a loopback address), not 'http://keys.example.com/jwks.json'");
    }

    @Test
    void keysMissingOrEmpty_refused() {
        issuer.publish(TestIssuer.METADATA, TestIssuer.metadata(issuer.url().toString(), issuer.url() + "/gone"));
        assertStartRefused(issuer.url(), "cannot read the keys of OAuth issuer " + issuer.url() + " at "
                + issuer.url() + "/gone: HTTP 404");

        issuer.standard();
        assertStartRefused(issuer.url(), "the key set of OAuth issuer " + issuer.url() + " at " + issuer.url()
                + TestIssuer.JWKS + " holds no keys");
    }

    @Test
    void metadataDocument_namesTheServerTheIssuerAndTheScopes() throws Exception {
        issuer.standard(KEY.toPublicJWK());

        try (OAuthResourceServer server = start(issuer.url())) {
            assertThat(server.metadata().json()).isEqualTo("{\"resource\":\"http://127.0.0.1:8080/mcp\","
                    + "\"authorization_servers\":[\"" + issuer.url() + "\"],"
                    + "\"scopes_supported\":[\"memdir:read\",\"memdir:write\"],"
                    + "\"bearer_methods_supported\":[\"header\"]}");
            assertThat(server.metadata().paths()).isEqualTo(List.of(
                    "/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"));
        }
    }
}

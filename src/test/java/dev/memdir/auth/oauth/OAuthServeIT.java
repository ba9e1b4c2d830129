package dev.memdir.auth.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import dev.memdir.e2e.support.JarLauncher;
import dev.memdir.e2e.support.McpHttp;
import dev.memdir.e2e.support.PlainHttp;
import dev.memdir.e2e.support.ServingJar;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code memdir serve --http --oauth-issuer} through the real jar against an issuer on loopback: its JWTs for this
 * server act in the subject's namespace, one for another audience is 401, the RFC 9728 metadata is served to anyone.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OAuthServeIT {

    private static final String AUDIENCE = "https://memdir.test/mcp";
    private static final RSAKey KEY = Tokens.rsa("rsa-it");

    @TempDir
    Path temp;

    @Test
    void issuerTokensForThisServerWork_othersAre401_metadataIsPublic() throws Exception {
        try (TestIssuer issuer = TestIssuer.start().standard(KEY.toPublicJWK());
                ServingJar server = ServingJar.start(JarLauncher.plain("serve", "--http", "127.0.0.1:0",
                        "--root", temp.resolve("memory").toString(), "--oauth-issuer", issuer.url().toString(),
                        "--oauth-audience", AUDIENCE)
                        .env("HOME", Files.createDirectories(temp.resolve("home")).toString()), temp)) {
            String good = Tokens.sign(KEY, claims(issuer, AUDIENCE).build());
            String elsewhere = Tokens.sign(KEY, claims(issuer, "https://other.test/mcp").build());

            McpHttp requests = new McpHttp(server.mcp(), good);
            HttpResponse<String> created = requests.post("tools/call", McpHttp.tool("create",
                    Map.of("path", "/memories/o.md", "file_text", "oauth\n")));
            HttpResponse<String> refused = requests.as(elsewhere).post("tools/list", McpHttp.empty());
            HttpResponse<String> anonymous = requests.as(null).post("tools/list", McpHttp.empty());
            HttpResponse<String> metadata = new PlainHttp().get(
                    server.base().resolve("/.well-known/oauth-protected-resource/mcp"));

            assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
            assertThat(created.body()).contains("File created successfully at: /memories/o.md");
            assertThat(temp.resolve("memory/.memdir-namespaces/user+alice/o.md")).hasContent("oauth\n");
            assertThat(refused.statusCode()).isEqualTo(401);
            assertThat(refused.headers().firstValue("WWW-Authenticate").orElseThrow())
                    .startsWith("Bearer").contains("resource_metadata=").contains("invalid_token");
            assertThat(anonymous.statusCode()).isEqualTo(401);
            assertThat(anonymous.headers().firstValue("WWW-Authenticate").orElseThrow())
                    .contains("resource_metadata=");
            assertThat(metadata.statusCode()).as(metadata.body()).isEqualTo(200);
            assertThat(metadata.body()).contains("\"resource\":\"" + AUDIENCE + "\"")
                    .contains(issuer.url().toString());
        }
    }

    private static JWTClaimsSet.Builder claims(TestIssuer issuer, String audience) {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder().issuer(issuer.url().toString()).audience(audience).subject("alice")
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(600)))
                .claim("scope", "memdir:read memdir:write");
    }
}

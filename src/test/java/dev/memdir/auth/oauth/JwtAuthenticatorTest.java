package dev.memdir.auth.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.EncryptionMethod;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWEAlgorithm;
import com.nimbusds.jose.JWEHeader;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSAEncrypter;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.JWKSetUnavailableException;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.EncryptedJWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import dev.memdir.auth.Authentication.Accepted;
import dev.memdir.auth.Authentication.Refused;
import dev.memdir.auth.Authentication;
import dev.memdir.auth.Principal;
import dev.memdir.config.OAuthSettings;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Access tokens against a real issuer on loopback (its metadata and key set served by {@link TestIssuer}), signed,
 * tampered with, mistimed and misaddressed by the test; each is accepted or refused with its exact challenge.
 */
class JwtAuthenticatorTest {

    private static final Instant NOW = Instant.parse("2026-12-01T08:00:00Z");
    private static final URI SERVER = URI.create("https://memdir.example.com/mcp");
    private static final String METADATA = "resource_metadata=\"https://memdir.example.com/.well-known/"
            + "oauth-protected-resource/mcp\"";
    private static final String NO_TOKEN = "Bearer " + METADATA;
    private static final String INVALID = "Bearer error=\"invalid_token\", " + METADATA;
    private static final String SCOPE = "Bearer error=\"insufficient_scope\", scope=\"memdir:read\", " + METADATA;

    private static final RSAKey RSA = Tokens.rsa("rsa-1");
    private static final ECKey EC = Tokens.ec("ec-1");
    /** Another key under the issuer's own key id. */
    private static final RSAKey IMPOSTOR = Tokens.rsa("rsa-1");

    private TestIssuer issuer;
    private OAuthResourceServer server;

    @BeforeEach
    void startIssuerAndServer() throws Exception {
        issuer = TestIssuer.start().standard(RSA.toPublicJWK(), EC.toPublicJWK());
        server = start(new OAuthSettings(issuer.url(), Optional.empty(), "sub", Optional.empty()));
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        issuer.close();
    }

    private OAuthResourceServer start(OAuthSettings settings) throws IssuerUnusableException {
        return OAuthResourceServer.start(settings, SERVER, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private JWTClaimsSet.Builder claims() {
        return new JWTClaimsSet.Builder().issuer(issuer.url().toString()).audience(SERVER.toString())
                .subject("alice").issueTime(Date.from(NOW)).expirationTime(Date.from(NOW.plusSeconds(600)))
                .claim("scope", "memdir:read memdir:write");
    }

    private Authentication authenticate(String token) {
        return server.authenticator().authenticate(Optional.of("Bearer " + token));
    }

    private void assertAccepted(String token, Principal principal) {
        assertThat(authenticate(token)).isEqualTo(new Accepted(principal));
    }

    /** Refused exactly so, and the reason repeats no part of the token. */
    private void assertRefused(String token, int status, String challenge, String reason) {
        Authentication answer = authenticate(token);
        assertThat(answer).isEqualTo(new Refused(status, challenge, reason));
        for (String part : token.split("\\.")) {
            if (part.length() >= 8) {
                assertThat(((Refused) answer).reason()).doesNotContain(part);
            }
        }
    }

    private void assertInvalid(String token, String reason) {
        assertRefused(token, 401, INVALID, reason);
    }

    private static final Principal ALICE = new Principal("alice", "user/alice", false);

    // ---- signatures ----

    @Test
    void rs256TokenOfTheIssuer_acceptedAsItsSubjectInItsOwnNamespace() {
        assertAccepted(Tokens.sign(RSA, claims().build()), ALICE);
    }

    @Test
    void es256TokenOfTheIssuer_accepted() {
        assertAccepted(Tokens.sign(EC, claims().build()), ALICE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"at+jwt", "application/at+jwt", "JWT"})
    void accessTokenTypes_accepted(String type) {
        assertAccepted(Tokens.sign(RSA, "rsa-1", new JOSEObjectType(type), claims().build()), ALICE);
    }

    @Test
    void otherType_refused() {
        assertInvalid(Tokens.sign(RSA, "rsa-1", JOSEObjectType.JOSE, claims().build()),
                "the access token's typ is neither JWT nor at+jwt");
    }

    @Test
    void payloadEdited_signatureNoLongerVerifies() {
        String[] parts = Tokens.sign(RSA, claims().build()).split("\\.");
        String edited = Base64URL.encode(claims().subject("mallory").build().toString()).toString();

        assertInvalid(parts[0] + "." + edited + "." + parts[2],
                "the access token's signature does not verify with the keys of " + issuer.url());
    }

    @Test
    void signedByAnotherKeyUnderTheIssuersKeyId_refused() {
        assertInvalid(Tokens.sign(IMPOSTOR, claims().build()),
                "the access token's signature does not verify with the keys of " + issuer.url());
    }

    @Test
    void signedByAKeyTheIssuerDoesNotHave_refusedAfterOneRefetch() {
        assertInvalid(Tokens.sign(Tokens.rsa("elsewhere"), claims().build()),
                "no key of " + issuer.url() + " matches the access token");
        assertThat(issuer.hits(TestIssuer.JWKS)).isEqualTo(2);
    }

    @Test
    void unsigned_refused() {
        assertInvalid(new PlainJWT(claims().build()).serialize(), "the access token is not signed (alg none)");
    }

    @Test
    void hs256WithTheIssuersPublicKeyAsSecret_refused() throws JOSEException {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("rsa-1").build(),
                claims().build());
        jwt.sign(new MACSigner(RSA.toRSAPublicKey().getEncoded()));

        assertInvalid(jwt.serialize(), "the access token is signed with a shared secret (HMAC); memdir takes only"
                + " tokens signed with the issuer's public keys");
    }

    @Test
    void unknownAlgorithm_refused() {
        String header = Base64URL.encode("{\"alg\":\"XS999\",\"kid\":\"rsa-1\"}").toString();
        String payload = Base64URL.encode(claims().build().toString()).toString();

        assertInvalid(header + "." + payload + "." + Base64URL.encode("signature"),
                "the access token is signed with an algorithm memdir does not take (RSA and EC only)");
    }

    @Test
    void encrypted_refused() throws JOSEException {
        EncryptedJWT jwt = new EncryptedJWT(new JWEHeader(JWEAlgorithm.RSA_OAEP_256, EncryptionMethod.A128GCM),
                claims().build());
        jwt.encrypt(new RSAEncrypter(RSA.toRSAPublicKey()));

        assertInvalid(jwt.serialize(), "the access token is encrypted; memdir takes signed JWTs");
    }

    // ---- the Authorization header ----

    @Test
    void noHeader_401PointingAtTheMetadata() {
        assertThat(server.authenticator().authenticate(Optional.empty())).isEqualTo(new Refused(401, NO_TOKEN,
                "no access token: send Authorization: Bearer with a token from " + issuer.url()));
    }

    @Test
    void anotherScheme_401PointingAtTheMetadata() {
        assertThat(server.authenticator().authenticate(Optional.of("Basic YWxpY2U6c2VjcmV0")))
                .isEqualTo(new Refused(401, NO_TOKEN, "the Authorization header holds no bearer token: send"
                        + " Authorization: Bearer with a token from " + issuer.url()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bearer", "Bearer   ", "bearer "})
    void bearerWithoutToken_invalid(String header) {
        assertThat(server.authenticator().authenticate(Optional.of(header)))
                .isEqualTo(new Refused(401, INVALID, "the bearer token is empty"));
    }

    @Test
    void schemeInAnyCase_accepted() {
        assertThat(server.authenticator().authenticate(Optional.of("bEARER " + Tokens.sign(RSA, claims().build()))))
                .isEqualTo(new Accepted(ALICE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"opaque-token-0123456789", "a.b.c", "e30.e30"})
    void notAJwt_invalid(String token) {
        assertInvalid(token, "the access token is not a JWT");
    }

    // ---- claims ----

    @Test
    void expiredBeyondTheSkew_refused_withinIt_accepted() {
        assertAccepted(Tokens.sign(RSA, claims().expirationTime(Date.from(NOW.minusSeconds(60))).build()), ALICE);
        assertInvalid(Tokens.sign(RSA, claims().expirationTime(Date.from(NOW.minusSeconds(61))).build()),
                "the access token has expired");
    }

    @Test
    void notBeforeBeyondTheSkew_refused_withinIt_accepted() {
        assertAccepted(Tokens.sign(RSA, claims().notBeforeTime(Date.from(NOW.plusSeconds(60))).build()), ALICE);
        assertInvalid(Tokens.sign(RSA, claims().notBeforeTime(Date.from(NOW.plusSeconds(61))).build()),
                "the access token is not valid yet (nbf)");
    }

    @Test
    void noExpiry_refused() {
        assertInvalid(Tokens.sign(RSA, claims().expirationTime(null).build()), "the access token has no expiry (exp)");
    }

    @Test
    void anotherIssuer_refused_evenOneSlashApart() {
        assertInvalid(Tokens.sign(RSA, claims().issuer("https://login.example.com").build()),
                "the access token was not issued by " + issuer.url());
        assertInvalid(Tokens.sign(RSA, claims().issuer(issuer.url() + "/").build()),
                "the access token was not issued by " + issuer.url());
        assertInvalid(Tokens.sign(RSA, claims().issuer(null).build()),
                "the access token was not issued by " + issuer.url());
    }

    @Test
    void anotherAudience_refused() {
        String reason = "the access token is not meant for this server: its audience does not include " + SERVER;
        assertInvalid(Tokens.sign(RSA, claims().audience("https://other.example.com/mcp").build()), reason);
        assertInvalid(Tokens.sign(RSA, claims().audience((String) null).build()), reason);
    }

    @Test
    void audienceListHoldingThisServer_accepted() {
        assertAccepted(Tokens.sign(RSA, claims().audience(List.of("https://other.example.com", SERVER.toString()))
                .build()), ALICE);
    }

    @Test
    void configuredAudience_isTheOneTokensMustHold_andTheResourceOfTheMetadata() throws Exception {
        server.close();
        server = start(new OAuthSettings(issuer.url(), Optional.of(URI.create("https://team.example.com/memdir")),
                "sub", Optional.empty()));

        assertAccepted(Tokens.sign(RSA, claims().audience("https://team.example.com/memdir").build()), ALICE);
        assertRefused(Tokens.sign(RSA, claims().build()), 401, "Bearer error=\"invalid_token\", resource_metadata="
                + "\"https://team.example.com/.well-known/oauth-protected-resource/memdir\"", "the access token is not"
                + " meant for this server: its audience does not include https://team.example.com/memdir");
        assertThat(server.metadata().resource()).isEqualTo(URI.create("https://team.example.com/memdir"));
    }

    // ---- scopes ----

    @Test
    void readScopeOnly_readOnlyPrincipal() {
        assertAccepted(Tokens.sign(RSA, claims().claim("scope", "memdir:read").build()),
                new Principal("alice", "user/alice", true));
    }

    @Test
    void scpAsListOrString_counts() {
        assertAccepted(Tokens.sign(RSA, claims().claim("scope", null).claim("scp", List.of("memdir:read",
                "memdir:write")).build()), ALICE);
        assertAccepted(Tokens.sign(RSA, claims().claim("scope", null).claim("scp", "openid memdir:read").build()),
                new Principal("alice", "user/alice", true));
    }

    @Test
    void writeScopeAlone_includesRead() {
        assertAccepted(Tokens.sign(RSA, claims().claim("scope", "memdir:write").build()), ALICE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "openid profile", "memdir:readonly memdir", "MEMDIR:READ"})
    void noMemdirScope_403NamingTheScopeNeeded(String scope) {
        assertRefused(Tokens.sign(RSA, claims().claim("scope", scope).build()), 403, SCOPE,
                "the access token does not grant memdir:read");
    }

    @Test
    void noScopeClaimAtAll_403() {
        assertRefused(Tokens.sign(RSA, claims().claim("scope", null).build()), 403, SCOPE,
                "the access token does not grant memdir:read");
    }

    // ---- who and where ----

    @Test
    void userClaimConfigured_namesThePrincipal_namespaceEscaped() throws Exception {
        server.close();
        server = start(new OAuthSettings(issuer.url(), Optional.empty(), "email", Optional.empty()));

        assertAccepted(Tokens.sign(RSA, claims().claim("email", "ann@corp.example").build()),
                new Principal("ann@corp.example", "user/ann_40corp.example", false));
        assertInvalid(Tokens.sign(RSA, claims().build()), "the access token has no 'email' claim naming its user");
        assertInvalid(Tokens.sign(RSA, claims().claim("email", 42).build()), "the access token's 'email' claim is not"
                + " a user name memdir can serve (a string of 1-200 characters without control characters or"
                + " unpaired surrogates)");
    }

    @Test
    void subjectWithSlashesAndDots_staysInOneNamespaceSegment() {
        assertAccepted(Tokens.sign(RSA, claims().subject("../bob").build()),
                new Principal("../bob", "user/_2E._2Fbob", false));
    }

    @Test
    void unusableSubjects_refused() {
        String rule = "the access token's 'sub' claim is not a user name memdir can serve (a string of 1-200"
                + " characters without control characters or unpaired surrogates)";
        assertInvalid(Tokens.sign(RSA, claims().subject("alice\nbob").build()), rule);
        assertInvalid(Tokens.sign(RSA, claims().subject(" ").build()), rule);
        assertInvalid(Tokens.sign(RSA, claims().subject("a".repeat(201)).build()), rule);
        // A lone surrogate, escaped in the token's JSON, would be written user/_3F, as "?" is.
        String lone = claims().subject("LONE").build().toString().replace("\"LONE\"", "\"\\ud800\"");
        assertInvalid(Tokens.signPayload(RSA, lone), rule);
        assertInvalid(Tokens.sign(RSA, claims().subject(null).build()),
                "the access token has no 'sub' claim naming its user");
    }

    @Test
    void subjectTooLongForANamespace_refused() {
        assertInvalid(Tokens.sign(RSA, claims().subject("|".repeat(100)).build()), "the access token's 'sub' claim"
                + " is too long to name a namespace (user/ and the name, with characters outside A-Z a-z 0-9 . -"
                + " written _XX, in 200 characters)");
    }

    @Test
    void namespaceClaimConfigured_namesTheNamespace() throws Exception {
        server.close();
        server = start(new OAuthSettings(issuer.url(), Optional.empty(), "sub", Optional.of("team")));

        assertAccepted(Tokens.sign(RSA, claims().claim("team", "team/backend").build()),
                new Principal("alice", "team/backend", false));
        assertInvalid(Tokens.sign(RSA, claims().build()), "the access token has no 'team' claim naming its namespace");
        String notANamespace = "the access token's 'team' claim is not a namespace (names of A-Z a-z 0-9 . _ - (none"
                + " starting with a dot) joined by single slashes, 1-200 characters in all, without '..')";
        assertInvalid(Tokens.sign(RSA, claims().claim("team", "team/../other").build()), notANamespace);
        // Two spellings of one directory would be two principals' namespaces on the directory store.
        assertInvalid(Tokens.sign(RSA, claims().claim("team", "team//backend").build()), notANamespace);
        assertInvalid(Tokens.sign(RSA, claims().claim("team", List.of("team/backend")).build()), notANamespace);
    }

    // ---- the issuer's keys over time ----

    @Test
    void keyRotation_aTokenUnderANewKeyId_acceptedAfterOneRefetch() {
        RSAKey next = Tokens.rsa("rsa-2");
        assertThat(issuer.hits(TestIssuer.JWKS)).isEqualTo(1);

        issuer.publishKeys(RSA.toPublicJWK(), next.toPublicJWK());

        assertAccepted(Tokens.sign(next, claims().build()), ALICE);
        assertAccepted(Tokens.sign(RSA, claims().build()), ALICE);
        assertThat(issuer.hits(TestIssuer.JWKS)).isEqualTo(2);
    }

    @Test
    void unknownKeyIds_refetchTheKeysOncePerInterval() {
        for (int i = 0; i < 5; i++) {
            assertInvalid(Tokens.sign(IMPOSTOR, "ghost-" + i, JOSEObjectType.JWT, claims().build()),
                    "no key of " + issuer.url() + " matches the access token");
        }
        assertThat(issuer.hits(TestIssuer.JWKS)).isEqualTo(2);
    }

    /**
     * What a flood of made-up tokens costs now that every request's credentials are checked (the limiter only slows
     * refused ones): not a JWT, an unknown key id, a forged signature under the issuer's key id, from four threads at
     * once, with valid tokens among them. The keys are fetched once more at most (the refetch interval), each
     * refusal is work in memory (printed), and every valid token is accepted.
     */
    @Test
    void aFloodOfMadeUpTokens_fetchesTheKeysAtMostOnceMore_andValidTokensPass() throws Exception {
        List<String> madeUp = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            madeUp.add(switch (i % 3) {
                case 0 -> "not-a-jwt-" + i;
                case 1 -> Tokens.sign(IMPOSTOR, "ghost-" + i, JOSEObjectType.JWT, claims().build());
                default -> Tokens.sign(IMPOSTOR, claims().subject("mallory-" + i).build());
            });
        }
        String valid = Tokens.sign(RSA, claims().build());
        ExecutorService threads = Executors.newFixedThreadPool(4);
        List<Future<Authentication>> refusedAnswers = new ArrayList<>();
        List<Future<Authentication>> validAnswers = new ArrayList<>();
        long start = System.nanoTime();
        try {
            for (int i = 0; i < madeUp.size(); i++) {
                String token = madeUp.get(i);
                refusedAnswers.add(threads.submit(() -> authenticate(token)));
                if (i % 20 == 0) {
                    validAnswers.add(threads.submit(() -> authenticate(valid)));
                }
            }
            for (Future<Authentication> refused : refusedAnswers) {
                Authentication answer = refused.get(60, TimeUnit.SECONDS);
                assertThat(answer).isInstanceOf(Refused.class);
                assertThat(((Refused) answer).status()).isEqualTo(401);
            }
            for (Future<Authentication> answer : validAnswers) {
                assertThat(answer.get(60, TimeUnit.SECONDS)).isEqualTo(new Accepted(ALICE));
            }
        } finally {
            threads.shutdownNow();
        }
        long micros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - start);

        System.err.println("JwtAuthenticatorTest: " + madeUp.size() + " made-up tokens and " + validAnswers.size()
                + " valid ones checked in " + micros / 1000 + " ms on 4 threads (" + micros / (madeUp.size()
                + validAnswers.size()) + " us a token); key set fetched " + issuer.hits(TestIssuer.JWKS)
                + " times in all");
        assertThat(issuer.hits(TestIssuer.JWKS)).as("the fetch at start and at most one more").isLessThanOrEqualTo(2);
    }

    @Test
    void keysUnavailable_503WithoutChallenge() {
        Refusals refusals = new Refusals(server.metadata().url(), issuer.url(), SERVER.toString());
        JwtAuthenticator cutOff = new JwtAuthenticator(
                new OAuthSettings(issuer.url(), Optional.empty(), "sub", Optional.empty()), SERVER.toString(),
                (selector, context) -> {
                    throw new JWKSetUnavailableException("connection refused", null);
                }, refusals, Clock.fixed(NOW, ZoneOffset.UTC));

        assertThat(cutOff.authenticate(Optional.of("Bearer " + Tokens.sign(RSA, claims().build()))))
                .isEqualTo(new Refused(503, "", "the keys of OAuth issuer " + issuer.url()
                        + " cannot be fetched now; try again later"));
    }

    @Test
    void tokenText_neverInAReason() {
        String token = Tokens.sign(RSA, claims().expirationTime(Date.from(NOW.minusSeconds(3600))).build());
        Refused refused = (Refused) authenticate(token);

        assertThat(refused.reason()).doesNotContain(token).doesNotContain(new String(
                Base64URL.from(token.split("\\.")[1]).decode(), StandardCharsets.UTF_8));
    }
}

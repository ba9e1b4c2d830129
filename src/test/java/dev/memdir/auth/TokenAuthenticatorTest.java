package dev.memdir.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the bearer-token authenticator answers for each kind of Authorization header. */
class TokenAuthenticatorTest {

    private static final Instant NOW = Instant.parse("2026-12-01T09:00:00Z");
    private static final Authentication.Refused MALFORMED =
            new Authentication.Refused(401, "Bearer error=\"invalid_token\"", "the bearer token is malformed");

    @TempDir Path temp;
    private CountingStore store;
    private MovableClock clock;
    private TokenAuthenticator authenticator;
    private IssuedToken alice;

    @BeforeEach
    void issue() throws IOException {
        store = new CountingStore(DirectoryTokenStore.at(temp));
        clock = new MovableClock(NOW);
        authenticator = new TokenAuthenticator(store, clock, Duration.ofSeconds(2));
        alice = IssuedToken.issue(store, "alice", "user/alice", true, Optional.empty(), NOW);
    }

    @Test
    void noHeaderAsksForABearerToken() {
        Authentication.Refused expected = new Authentication.Refused(401, "Bearer",
                "this server needs a bearer token: send Authorization: Bearer TOKEN");

        assertThat(authenticator.authenticate(Optional.empty())).isEqualTo(expected);
        assertThat(authenticator.authenticate(Optional.of("  "))).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Basic YWxpY2U6cGFzcw==", "Token abc", "Bearertoken", "Bearer\tTOKEN", "Digest x"})
    void anotherSchemeIsRefusedWithTheBearerChallenge(String header) {
        assertThat(authenticator.authenticate(Optional.of(header))).isEqualTo(new Authentication.Refused(401,
                "Bearer", "this server takes a bearer token only: send Authorization: Bearer TOKEN"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bearer", "Bearer ", "Bearer a b", "Bearer mdt_short", "Bearer abc\"def",
            "Bearer mdt_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "Bearer tok\u00e9n"})
    void aMalformedBearerTokenIsAnInvalidToken(String header) {
        assertThat(authenticator.authenticate(Optional.of(header))).isEqualTo(MALFORMED);
        assertThat(store.reads).isZero();
    }

    @Test
    void aVeryLongHeaderIsRefusedWithoutBeingHashedOrEchoed() {
        String header = "Bearer mdt_" + "A".repeat(100_000);

        Authentication answer = authenticator.authenticate(Optional.of(header));

        assertThat(answer).isEqualTo(MALFORMED);
        assertThat(store.reads).isZero();
    }

    @Test
    void theSchemeIsCaseInsensitiveAndSpacesAroundAreAllowed() {
        Authentication expected = new Authentication.Accepted(new Principal("alice", "user/alice", true));

        assertThat(authenticator.authenticate(Optional.of("bearer " + alice.token()))).isEqualTo(expected);
        assertThat(authenticator.authenticate(Optional.of("BEARER   " + alice.token() + " "))).isEqualTo(expected);
    }

    @Test
    void noReasonRepeatsWhatTheHeaderHeld() {
        String unknown = TokenSecrets.newToken();
        List<String> headers = List.of("Bearer " + unknown, "Bearer " + unknown + "x", "Basic " + unknown,
                "Bearer " + unknown.substring(0, 30));

        for (String header : headers) {
            Authentication.Refused refused = (Authentication.Refused) authenticator.authenticate(Optional.of(header));
            assertThat(refused.reason() + refused.wwwAuthenticate()).doesNotContain(unknown.substring(4, 30));
        }
    }

    @Test
    void theStoreIsReadAtMostOnceInTwoSeconds_whateverIsSent() {
        for (int i = 0; i < 1000; i++) {
            assertThat(authenticator.authenticate(Optional.of("Bearer " + TokenSecrets.newToken()))).isEqualTo(
                    new Authentication.Refused(401, "Bearer error=\"invalid_token\"", "the token is unknown"));
        }
        authenticator.authenticate(Optional.of("Bearer " + alice.token()));
        clock.advance(Duration.ofMillis(1999));
        authenticator.authenticate(Optional.of("Bearer " + alice.token()));
        assertThat(store.reads).isOne();

        clock.advance(Duration.ofMillis(1));
        authenticator.authenticate(Optional.of("Bearer " + alice.token()));

        assertThat(store.reads).isEqualTo(2);
    }

    @Test
    void aRevokeOrANewToken_countsOnceTheTokensAreReadAgain() throws IOException {
        Authentication.Accepted asAlice = new Authentication.Accepted(alice.stored().principal());
        assertThat(authenticator.authenticate(Optional.of("Bearer " + alice.token()))).isEqualTo(asAlice);
        store.revoke(alice.stored().id(), NOW);
        IssuedToken bob = IssuedToken.issue(store, "bob", "user/bob", false, Optional.empty(), NOW);

        assertThat(authenticator.authenticate(Optional.of("Bearer " + alice.token()))).isEqualTo(asAlice);
        clock.advance(Duration.ofSeconds(2));

        assertThat(authenticator.authenticate(Optional.of("Bearer " + alice.token()))).isEqualTo(
                new Authentication.Refused(401, "Bearer error=\"invalid_token\"", "the token was revoked"));
        assertThat(authenticator.authenticate(Optional.of("Bearer " + bob.token()))).isEqualTo(
                new Authentication.Accepted(bob.stored().principal()));
    }

    @Test
    void anExpiredToken_refusedAtTheFirstRequestPastItsExpiry() throws IOException {
        IssuedToken brief = IssuedToken.issue(store, "brief", "user/brief", false,
                Optional.of(Duration.ofSeconds(60)), NOW);
        assertThat(authenticator.authenticate(Optional.of("Bearer " + brief.token()))).isInstanceOf(
                Authentication.Accepted.class);

        clock.advance(Duration.ofMillis(60_000));

        assertThat(authenticator.authenticate(Optional.of("Bearer " + brief.token()))).isEqualTo(
                new Authentication.Refused(401, "Bearer error=\"invalid_token\"", "the token expired"));
    }

    @Test
    void aStoreThatCannotBeReadIsAnUnavailableAnswerNotAnUnknownToken() throws IOException {
        Path broken = temp.resolve("broken");
        Files.createDirectories(broken.resolve(DirectoryTokenStore.FILE_NAME));
        CountingStore brokenStore = new CountingStore(DirectoryTokenStore.at(broken));
        TokenAuthenticator overBroken = new TokenAuthenticator(brokenStore, clock, Duration.ofSeconds(2));
        Authentication.Refused unavailable = new Authentication.Refused(503, "",
                "the token cannot be checked now: the token store is unavailable");

        assertThat(overBroken.authenticate(Optional.of("Bearer " + alice.token()))).isEqualTo(unavailable);
        assertThat(overBroken.authenticate(Optional.of("Bearer " + alice.token()))).isEqualTo(unavailable);
        assertThat(brokenStore.reads).as("a failing store is not asked again at once").isOne();
    }

    /** A store that counts how often its tokens were read. */
    private static final class CountingStore implements TokenStore {

        int reads;
        private final TokenStore kept;

        CountingStore(TokenStore kept) {
            this.kept = kept;
        }

        @Override
        public void add(StoredToken token) throws IOException {
            kept.add(token);
        }

        @Override
        public List<StoredToken> list() throws IOException {
            reads++;
            return kept.list();
        }

        @Override
        public Optional<StoredToken> revoke(String id, Instant when) throws IOException {
            return kept.revoke(id, when);
        }

        @Override
        public String location() {
            return kept.location();
        }

        @Override
        public void close() throws IOException {
            kept.close();
        }
    }
}

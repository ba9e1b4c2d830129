package dev.memdir.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.StoreKind;
import dev.memdir.memory.postgres.LocalPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** Tokens made, listed, revoked, expired and authenticated on both stores, and what the stores keep of them. */
/** Tokens are kept in a directory or a database; a memory in a bucket keeps them in its root's file, as a directory. */
@ParameterizedClass
@EnumSource(value = StoreKind.class, names = {"DIRECTORY", "POSTGRES"})
class TokenStoreTest {

    private static final Instant NOW = Instant.parse("2026-12-01T09:00:00Z");

    @Parameter StoreKind kind;
    @TempDir Path temp;
    @AutoClose TokenStore store;
    private String jdbcUrl;
    private MovableClock clock;
    private TokenAuthenticator authenticator;

    @BeforeEach
    void open() throws Exception {
        if (kind == StoreKind.DIRECTORY) {
            store = DirectoryTokenStore.at(temp.resolve("memory"));
        } else {
            jdbcUrl = LocalPostgres.shared().freshDatabase();
            store = PostgresTokenStore.open(LocalPostgres.connectionTo(jdbcUrl), "the test database");
        }
        clock = new MovableClock(NOW);
        authenticator = new TokenAuthenticator(store, clock, Duration.ofSeconds(2));
    }

    @Test
    void aNewTokenIsListedAndActsForItsUserInItsNamespace() throws Exception {
        IssuedToken alice = IssuedToken.issue(store, "alice", "user/alice", false, Optional.of(Duration.ofDays(90)),
                NOW);
        IssuedToken bot = IssuedToken.issue(store, "ci-bot", "team/backend", true, Optional.empty(), NOW);

        assertThat(store.list()).containsExactly(alice.stored(), bot.stored());
        assertThat(alice.stored().expires()).contains(NOW.plus(Duration.ofDays(90)));
        assertThat(authenticator.authenticate(bearer(alice.token())))
                .isEqualTo(new Authentication.Accepted(new Principal("alice", "user/alice", false)));
        assertThat(authenticator.authenticate(bearer(bot.token())))
                .isEqualTo(new Authentication.Accepted(new Principal("ci-bot", "team/backend", true)));
    }

    @Test
    void tokensAreNewRandomnessEachTimeAndKeptAsTheirSha256() throws Exception {
        IssuedToken first = IssuedToken.issue(store, "alice", "user/alice", false, Optional.empty(), NOW);
        IssuedToken second = IssuedToken.issue(store, "alice", "user/alice", false, Optional.empty(), NOW);

        assertThat(first.token()).matches("mdt_[A-Za-z0-9_-]{43}").isNotEqualTo(second.token());
        assertThat(first.stored().id()).isNotEqualTo(second.stored().id());
        assertThat(first.stored().sha256()).isEqualTo(TokenSecrets.sha256(first.token()))
                .isNotEqualTo(second.stored().sha256());
        assertThat(first.toString()).doesNotContain(first.token());
    }

    @Test
    void whatIsStoredHoldsTheHashAndNeverTheToken() throws Exception {
        IssuedToken issued = IssuedToken.issue(store, "alice", "user/alice", false, Optional.empty(), NOW);

        String stored = storedText();

        assertThat(stored).contains(issued.stored().sha256()).contains("alice")
                .doesNotContain(issued.token())
                .doesNotContain(issued.token().substring(TokenSecrets.PREFIX.length()));
    }

    @Test
    void aRevokedTokenIsRefusedOnceTheRememberedAnswerIsOlderThanItsTime() throws Exception {
        IssuedToken issued = IssuedToken.issue(store, "alice", "user/alice", false, Optional.empty(), NOW);
        assertThat(authenticator.authenticate(bearer(issued.token())))
                .isInstanceOf(Authentication.Accepted.class);

        Optional<StoredToken> revoked = store.revoke(issued.stored().id(), NOW.plusSeconds(1));
        Authentication withinTheTime = authenticator.authenticate(bearer(issued.token()));
        clock.advance(Duration.ofSeconds(2));
        Authentication after = authenticator.authenticate(bearer(issued.token()));

        assertThat(revoked.orElseThrow().revoked()).contains(NOW.plusSeconds(1));
        assertThat(withinTheTime).isInstanceOf(Authentication.Accepted.class);
        assertThat(after).isEqualTo(new Authentication.Refused(401, "Bearer error=\"invalid_token\"",
                "the token was revoked"));
        assertThat(store.list()).extracting(StoredToken::revoked).containsExactly(Optional.of(NOW.plusSeconds(1)));
    }

    @Test
    void revokingTwiceKeepsTheFirstTime() throws Exception {
        IssuedToken issued = IssuedToken.issue(store, "alice", "user/alice", false, Optional.empty(), NOW);

        store.revoke(issued.stored().id(), NOW.plusSeconds(1));
        Optional<StoredToken> again = store.revoke(issued.stored().id(), NOW.plusSeconds(60));

        assertThat(again.orElseThrow().revoked()).contains(NOW.plusSeconds(1));
        assertThat(store.list().get(0).revoked()).contains(NOW.plusSeconds(1));
    }

    @Test
    void revokingAnUnknownIdChangesNothing() throws Exception {
        IssuedToken issued = IssuedToken.issue(store, "alice", "user/alice", false, Optional.empty(), NOW);
        String before = storedText();

        Optional<StoredToken> revoked = store.revoke("0123456789ab", NOW);

        assertThat(revoked).isEmpty();
        assertThat(storedText()).isEqualTo(before);
        assertThat(authenticator.authenticate(bearer(issued.token()))).isInstanceOf(Authentication.Accepted.class);
    }

    @Test
    void anExpiredTokenIsRefusedAndOneStillValidIsNot() throws Exception {
        IssuedToken expired = IssuedToken.issue(store, "alice", "user/alice", false, Optional.of(Duration.ofHours(1)),
                NOW.minus(Duration.ofHours(2)));
        IssuedToken valid = IssuedToken.issue(store, "bob", "user/bob", false, Optional.of(Duration.ofHours(1)),
                NOW.minus(Duration.ofMinutes(59)));

        assertThat(authenticator.authenticate(bearer(expired.token())))
                .isEqualTo(new Authentication.Refused(401, "Bearer error=\"invalid_token\"", "the token expired"));
        assertThat(authenticator.authenticate(bearer(valid.token()))).isInstanceOf(Authentication.Accepted.class);
        clock.advance(Duration.ofMinutes(1));
        assertThat(authenticator.authenticate(bearer(valid.token())))
                .isEqualTo(new Authentication.Refused(401, "Bearer error=\"invalid_token\"", "the token expired"));
    }

    @Test
    void aTokenOfAnotherStoreIsUnknown() throws Exception {
        String elsewhere = TokenSecrets.newToken();

        assertThat(authenticator.authenticate(bearer(elsewhere)))
                .isEqualTo(new Authentication.Refused(401, "Bearer error=\"invalid_token\"", "the token is unknown"));
    }

    private static Optional<String> bearer(String token) {
        return Optional.of("Bearer " + token);
    }

    /** Returns everything the store keeps: every file under the root, or every row of the token table. */
    private String storedText() throws Exception {
        if (kind == StoreKind.DIRECTORY) {
            StringBuilder text = new StringBuilder();
            try (Stream<Path> files = Files.walk(temp)) {
                for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                    text.append(file).append('\n').append(Files.readString(file, StandardCharsets.ISO_8859_1));
                }
            }
            return text.toString();
        }
        StringBuilder text = new StringBuilder();
        try (Connection connection = DriverManager.getConnection(jdbcUrl);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT t::text FROM memdir.tokens t ORDER BY id")) {
            while (rows.next()) {
                text.append(rows.getString(1)).append('\n');
            }
        }
        return text.toString();
    }
}

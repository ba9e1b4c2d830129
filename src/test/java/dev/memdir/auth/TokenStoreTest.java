package dev.memdir.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.postgres.LocalPostgres;
import dev.memdir.memory.store.StoreLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** Tokens made, listed, revoked, expired and authenticated on both stores, and what the stores keep of them. */
@ParameterizedClass
@EnumSource(TokenStoreKind.class)
class TokenStoreTest {

    private static final Instant NOW = Instant.parse("2026-12-01T09:00:00Z");

    @Parameter TokenStoreKind kind;
    @TempDir Path temp;
    @AutoClose TokenStore store;
    private String jdbcUrl;
    private MovableClock clock;
    private TokenAuthenticator authenticator;

    @BeforeEach
    void open() throws Exception {
        if (kind == TokenStoreKind.DIRECTORY) {
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

    @Test
    void theDirectoryStoresFileIsOwnerOnlyAndNoPartOfTheMemory() throws Exception {
        assumeThat(kind).isEqualTo(TokenStoreKind.DIRECTORY);
        Path root = temp.resolve("memory");
        Path file = root.resolve(DirectoryTokenStore.FILE_NAME);
        IssuedToken.issue(store, "alice", "user/alice", false, Optional.empty(), NOW);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        IssuedToken.issue(store, "bob", "user/bob", false, Optional.empty(), NOW);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(root))).isEqualTo("rwx------");
        try (DirectoryStore memory = DirectoryStore.open(root, StoreLimits.perFile(1 << 20), "test")) {
            assertThat(memory.listedFiles()).isEmpty();
            assertThat(memory.usage().files()).isZero();
        }
    }

    @Test
    void aTokenAddedWhileTheRootsStoreChangesWaitsForTheChangeInTheSameProcess() throws Exception {
        assumeThat(kind).isEqualTo(TokenStoreKind.DIRECTORY);
        Path root = temp.resolve("memory");
        CompletableFuture<IssuedToken> added = new CompletableFuture<>();
        try (DirectoryStore memory = DirectoryStore.open(root, StoreLimits.perFile(1 << 20), "test")) {
            boolean waited = memory.change(files -> {
                Thread adding = new Thread(() -> {
                    try {
                        added.complete(IssuedToken.issue(store, "alice", "user/alice", false, Optional.empty(), NOW));
                    } catch (IOException | RuntimeException e) {
                        added.completeExceptionally(e);
                    }
                });
                adding.start();
                try {
                    adding.join(300);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                return adding.isAlive();
            });

            StoredToken token = added.get(10, TimeUnit.SECONDS).stored();
            assertThat(waited).as("the token's writer waits for the change").isTrue();
            assertThat(store.list()).containsExactly(token);
        }
    }

    @Test
    void aDamagedTokenFileIsAnErrorNamingTheLine() throws Exception {
        assumeThat(kind).isEqualTo(TokenStoreKind.DIRECTORY);
        Path file = temp.resolve("memory").resolve(DirectoryTokenStore.FILE_NAME);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "# memdir bearer tokens\nnot\ta\ttoken\n");

        assertThat(catchThrowableOfType(IOException.class, store::list))
                .hasMessage("line 2 of " + file + " is damaged: 3 fields, not 8");
    }

    private static Optional<String> bearer(String token) {
        return Optional.of("Bearer " + token);
    }

    /** Returns everything the store keeps: every file under the root, or every row of the token table. */
    private String storedText() throws Exception {
        if (kind == TokenStoreKind.DIRECTORY) {
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

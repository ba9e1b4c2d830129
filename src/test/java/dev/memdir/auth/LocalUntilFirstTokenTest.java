package dev.memdir.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server started without tokens serves the local principal until a first token is made, then asks for one. */
class LocalUntilFirstTokenTest {

    private static final Instant NOW = Instant.parse("2026-12-01T11:00:00Z");
    private static final Principal LOCAL = new Principal("local", "default", false);
    private static final Authentication.Refused NO_TOKEN = new Authentication.Refused(401, "Bearer",
            "this server needs a bearer token: send Authorization: Bearer TOKEN");

    @TempDir Path temp;
    private TokenStore store;
    private MovableClock clock;
    private LocalUntilFirstToken authenticator;

    @BeforeEach
    void start() throws IOException {
        store = DirectoryTokenStore.at(temp);
        clock = new MovableClock(NOW);
        authenticator = new LocalUntilFirstToken(store, LOCAL, clock, Duration.ofSeconds(2));
    }

    @Test
    void withoutTokens_everyRequestActsForTheLocalPrincipal_whateverItSends() {
        assertThat(authenticator.authenticate(Optional.empty())).isEqualTo(new Authentication.Accepted(LOCAL));
        assertThat(authenticator.authenticate(Optional.of("Bearer anything"))).isEqualTo(
                new Authentication.Accepted(LOCAL));
    }

    @Test
    void aFirstTokenMadeWhileServing_isNeededFromTheNextLook() throws IOException {
        assertThat(authenticator.authenticate(Optional.empty())).isEqualTo(new Authentication.Accepted(LOCAL));
        IssuedToken alice = IssuedToken.issue(store, "alice", "user/alice", false, Optional.empty(), NOW);

        // Within one look the store's earlier answer holds.
        clock.advance(Duration.ofSeconds(1));
        assertThat(authenticator.authenticate(Optional.empty())).isEqualTo(new Authentication.Accepted(LOCAL));

        clock.advance(Duration.ofSeconds(2));
        assertThat(authenticator.authenticate(Optional.empty())).isEqualTo(NO_TOKEN);
        assertThat(authenticator.authenticate(Optional.of("Bearer " + alice.token()))).isEqualTo(
                new Authentication.Accepted(alice.stored().principal()));
    }

    @Test
    void revokingTheOnlyToken_doesNotOpenTheServerAgain() throws IOException {
        IssuedToken alice = IssuedToken.issue(store, "alice", "user/alice", false, Optional.empty(), NOW);
        assertThat(authenticator.authenticate(Optional.empty())).isEqualTo(NO_TOKEN);

        store.revoke(alice.stored().id(), NOW);
        clock.advance(Duration.ofSeconds(10));

        assertThat(authenticator.authenticate(Optional.empty())).isEqualTo(NO_TOKEN);
    }

    @Test
    void aStoreThatCannotSay_refusesRatherThanOpening() throws IOException {
        Path broken = temp.resolve("broken");
        Files.createDirectories(broken.resolve(DirectoryTokenStore.FILE_NAME));
        LocalUntilFirstToken overBroken = new LocalUntilFirstToken(DirectoryTokenStore.at(broken), LOCAL, clock,
                Duration.ofSeconds(2));

        assertThat(overBroken.authenticate(Optional.empty())).isEqualTo(new Authentication.Refused(503, "",
                "whether this server needs a token cannot be told now: the token store is unavailable"));
    }
}

package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.auth.Authentication;
import dev.memdir.auth.Principal;
import dev.memdir.http.CredentialHolds.Credential;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A principal's sessions past the cap: the least recently used ends, and no credential holds it any more. */
class PrincipalSessionsTest {

    private static final Principal ANN = new Principal("ann", "user/ann", false);

    private final CredentialHolds holds = new CredentialHolds(authorization -> new Authentication.Accepted(ANN));
    private final Credential ann = holds.credential(Optional.of("Bearer ann"), ANN);
    private final PrincipalSessions sessions = new PrincipalSessions(3);

    private CredentialHolds.Hold hold() {
        return ann.hold(() -> { });
    }

    @Test
    void pastTheCap_theLeastRecentlyUsedEnd() {
        assertThat(sessions.begun("a", hold())).isEmpty();
        assertThat(sessions.begun("b", hold())).isEmpty();
        assertThat(sessions.begun("c", hold())).isEmpty();
        sessions.used("a");

        assertThat(sessions.begun("d", hold())).containsExactly("b");
        assertThat(sessions.begun("e", hold())).containsExactly("c");
        sessions.used("b");
        assertThat(sessions.begun("f", hold())).containsExactly("a");
    }

    @Test
    void anEndedSession_releasesItsHold() {
        sessions.begun("a", hold());
        sessions.begun("b", hold());
        sessions.ended("a");
        sessions.ended("unknown");

        assertThat(sessions.any()).isTrue();
        sessions.ended("b");
        assertThat(sessions.any()).isFalse();
        assertThat(holds.credentials()).isZero();
    }

    @Test
    void theSessionsEndedForTheCap_andAllAtClose_releaseTheirHolds() {
        for (String id : new String[] {"a", "b", "c", "d", "e"}) {
            sessions.begun(id, hold());
        }
        sessions.clear();

        assertThat(sessions.any()).isFalse();
        assertThat(holds.credentials()).isZero();
    }
}

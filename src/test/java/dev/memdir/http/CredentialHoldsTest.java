package dev.memdir.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.auth.Authentication;
import dev.memdir.auth.Principal;
import dev.memdir.http.CredentialHolds.Credential;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a recheck ends: all a credential holds once it is no longer accepted, checked once however much it holds. */
class CredentialHoldsTest {

    private static final Principal ANN = new Principal("ann", "user/ann", false);
    private static final Principal BOB = new Principal("bob", "user/bob", false);

    /** What each header is answered now; a header not in it is refused 401. */
    private final Map<Optional<String>, Authentication> answers = new HashMap<>();
    private final List<Optional<String>> asked = new ArrayList<>();
    private final List<String> ended = new ArrayList<>();
    private final CredentialHolds holds = new CredentialHolds(authorization -> {
        asked.add(authorization);
        return answers.getOrDefault(authorization, new Authentication.Refused(401, "Bearer", "no"));
    });

    private Credential credential(String header, Principal principal) {
        answers.put(Optional.ofNullable(header), new Authentication.Accepted(principal));
        return holds.credential(Optional.ofNullable(header), principal);
    }

    @Test
    void aCredentialStillAccepted_keepsWhatItHolds_checkedOnceHoweverMuchItHolds() {
        Credential ann = credential("Bearer ann", ANN);
        Credential bob = credential("Bearer bob", BOB);
        for (int i = 0; i < 3; i++) {
            ann.hold(() -> ended.add("ann's"));
        }
        bob.hold(() -> ended.add("bob's"));

        holds.recheck();

        assertThat(ended).isEmpty();
        assertThat(asked).containsExactlyInAnyOrder(Optional.of("Bearer ann"), Optional.of("Bearer bob"));
    }

    @Test
    void aCredentialRefusedNow_hasAllItHoldsEnded_andOthersKeepTheirs() {
        Credential ann = credential("Bearer ann", ANN);
        Credential annElsewhere = credential("Bearer ann-2", ANN);
        ann.hold(() -> ended.add("stream"));
        ann.hold(() -> ended.add("session"));
        annElsewhere.hold(() -> ended.add("other token's"));
        answers.remove(Optional.of("Bearer ann"));

        holds.recheck();
        holds.recheck();

        assertThat(ended).containsExactlyInAnyOrder("stream", "session");
        assertThat(holds.credentials()).isOne();
    }

    @Test
    void aCredentialThatCannotBeCheckedNow_keepsWhatItHolds() {
        Credential ann = credential("Bearer ann", ANN);
        ann.hold(() -> ended.add("stream"));
        answers.put(Optional.of("Bearer ann"), new Authentication.Refused(503, "", "the store is unavailable"));

        holds.recheck();

        assertThat(ended).isEmpty();
    }

    @Test
    void aCredentialNowAcceptedAsAnotherPrincipal_hasWhatItHoldsEnded() {
        Credential local = credential(null, ANN);
        local.hold(() -> ended.add("local stream"));
        answers.put(Optional.empty(), new Authentication.Accepted(BOB));

        holds.recheck();

        assertThat(ended).containsExactly("local stream");
    }

    @Test
    void whatEndedOnItsOwn_isReleased_andNeitherEndedNorCheckedAgain() {
        Credential ann = credential("Bearer ann", ANN);
        CredentialHolds.Hold first = ann.hold(() -> ended.add("first"));
        CredentialHolds.Hold second = ann.hold(() -> ended.add("second"));
        first.release();
        second.release();
        second.release();
        answers.clear();

        holds.recheck();

        assertThat(ended).isEmpty();
        assertThat(asked).isEmpty();
        assertThat(holds.credentials()).isZero();
    }

    @Test
    void aFailingEnd_doesNotKeepTheOthersFromEnding() {
        Credential ann = credential("Bearer ann", ANN);
        ann.hold(() -> {
            throw new IllegalStateException("already gone");
        });
        ann.hold(() -> ended.add("second"));
        answers.clear();

        holds.recheck();

        assertThat(ended).containsExactly("second");
    }

    @Test
    void aCredentialIsNeverPrinted() {
        assertThat(credential("Bearer mdt_secret-part", ANN).toString()).isEqualTo("the credentials of ann");
    }
}

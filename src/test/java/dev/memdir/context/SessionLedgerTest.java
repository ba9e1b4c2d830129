package dev.memdir.context;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SessionLedgerTest {

    private final SessionLedger ledger = new SessionLedger();

    @Test
    void aMemoryIsGivenOnceASession_againOnceItChanged() {
        ledger.give("s1", new Given("/memories/a.md", "a", "sha-1"));

        assertThat(ledger.wasGiven("s1", "/memories/a.md", "sha-1")).isTrue();
        assertThat(ledger.wasGiven("s1", "/memories/a.md", "sha-2")).as("changed since").isFalse();
        assertThat(ledger.wasGiven("s2", "/memories/a.md", "sha-1")).as("another session").isFalse();
    }

    @Test
    void theLeastRecentlyHeardOfSessionIsForgottenPastTheMost() {
        ledger.give("first", new Given("/memories/a.md", "a", "sha"));
        for (int i = 0; i < SessionLedger.MOST_SESSIONS; i++) {
            ledger.wasGiven("session-" + i, "/memories/b.md", "sha");
        }

        assertThat(ledger.wasGiven("first", "/memories/a.md", "sha")).isFalse();
    }

    @Test
    void aSessionKeepsItsLatestMemoriesPastTheMost() {
        for (int i = 0; i <= SessionLedger.MOST_GIVEN; i++) {
            ledger.give("s", new Given("/memories/" + i + ".md", "", "sha"));
        }

        assertThat(ledger.wasGiven("s", "/memories/0.md", "sha")).isFalse();
        assertThat(ledger.wasGiven("s", "/memories/" + SessionLedger.MOST_GIVEN + ".md", "sha")).isTrue();
    }

    @Test
    void aSummaryHandsWhatWasGivenOver_andEverythingMayBeGivenAfresh() {
        ledger.give("s", new Given("/memories/a.md", "a", "sha"));
        ledger.give("s", new Given("/memories/b.md", "b", "sha"));

        assertThat(ledger.compacting("s")).extracting(Given::path).containsExactly("/memories/a.md", "/memories/b.md");
        assertThat(ledger.wasGiven("s", "/memories/a.md", "sha")).isFalse();
        assertThat(ledger.compacted("s")).extracting(Given::path).containsExactly("/memories/a.md", "/memories/b.md");
        assertThat(ledger.compacted("s")).as("handed over once").isEmpty();
    }

    @Test
    void withoutAHeadsUpTheSummaryStillHandsOverWhatWasGiven() {
        ledger.give("s", new Given("/memories/a.md", "a", "sha"));

        assertThat(ledger.compacted("s")).extracting(Given::path).containsExactly("/memories/a.md");
        assertThat(ledger.wasGiven("s", "/memories/a.md", "sha")).isFalse();
    }

    @Test
    void aReminderComesAtEachMultipleCrossed_andAfreshAfterASummary() {
        assertThat(ledger.crossed("s", 90_000, 100_000)).isFalse();
        assertThat(ledger.crossed("s", 120_000, 100_000)).isTrue();
        assertThat(ledger.crossed("s", 150_000, 100_000)).isFalse();
        assertThat(ledger.crossed("s", 210_000, 100_000)).isTrue();

        ledger.compacting("s");

        assertThat(ledger.crossed("s", 120_000, 100_000)).isTrue();
    }
}

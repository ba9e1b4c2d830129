package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SequencesTest {

    @Test
    void aReplyGainsAShareOfTheQuestionItFollows_upToTwoPlacesAway() {
        Sequences turns = Sequences.of(List.of("s01/t01.md", "s01/t02.md", "s01/t03.md", "s01/t04.md", "s01/t05.md",
                "s01/t06.md"));

        Map<String, Double> spread = turns.spread(Map.of("s01/t02.md", 1.0, "s01/t03.md", 0.2));

        assertThat(spread.get("s01/t03.md")).isCloseTo(0.2 + Sequences.NEIGHBOUR, within(1e-9));
        assertThat(spread.get("s01/t04.md")).as("no score of its own, two places on")
                .isCloseTo(Sequences.NEIGHBOUR, within(1e-9));
        assertThat(spread.get("s01/t01.md")).isCloseTo(Sequences.NEIGHBOUR, within(1e-9));
        assertThat(spread.get("s01/t02.md")).isCloseTo(1.0 + Sequences.NEIGHBOUR * 0.2, within(1e-9));
        assertThat(spread.get("s01/t05.md")).isCloseTo(Sequences.NEIGHBOUR * 0.2, within(1e-9));
        assertThat(spread).as("three places from the nearest scored").doesNotContainKey("s01/t06.md");
    }

    @Test
    void theBestNeighbourCounts_notTheirSum() {
        Sequences turns = Sequences.of(List.of("t1.md", "t2.md", "t3.md"));

        assertThat(turns.spread(Map.of("t1.md", 0.5, "t3.md", 0.8)).get("t2.md"))
                .isCloseTo(Sequences.NEIGHBOUR * 0.8, within(1e-9));
    }

    @Test
    void filesInNoSequenceKeepTheirScores() {
        Sequences notes = Sequences.of(List.of("people/mia.md", "2026-02-03-s01.md", "2026-02-14-s02.md",
                "a/t1.md", "b/t2.md", "id-12345678901.md", "id-12345678902.md"));
        Map<String, Double> scores = Map.of("people/mia.md", 0.9, "2026-02-03-s01.md", 0.7, "a/t1.md", 0.6,
                "id-12345678901.md", 0.5);

        assertThat(notes.spread(scores)).as("other dates, other folders, numbers too long to be places")
                .isEqualTo(scores);
    }

    @Test
    void numbersWrittenWithOrWithoutLeadingZerosAreOneSequence() {
        Sequences days = Sequences.of(List.of("log/day-09.md", "log/day-10.md"));

        assertThat(days.spread(Map.of("log/day-09.md", 1.0))).containsKey("log/day-10.md");
    }
}

package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class FusionTest {

    @Test
    void eachScoreIsScaledToItsBest_andWeighedFourToOneForMeaning() {
        Map<String, Double> fused = Fusion.of(Map.of("a", 6.0, "b", 3.0),
                Map.of("a", 0.5, "b", 0.9, "c", 0.7, "d", 0.1));

        assertThat(fused.get("a")).isCloseTo(0.2 * 1 + 0.8 * 0.5, within(1e-9));
        assertThat(fused.get("b")).isCloseTo(0.2 * 0.5 + 0.8 * 1, within(1e-9));
        assertThat(fused.get("c")).isCloseTo(0.8 * 0.75, within(1e-9));
        assertThat(fused).doesNotContainKey("d");
    }

    @Test
    void aWeakKeywordMatchDoesNotLiftAFileAboveTheClosestByMeaning() {
        Map<String, Double> fused = Fusion.of(Map.of("shares-a-common-word", 0.4),
                Map.of("shares-a-common-word", 0.30, "answers", 0.62, "other", 0.28));

        assertThat(fused.get("answers")).isGreaterThan(fused.get("shares-a-common-word"));
    }

    @Test
    void withoutVectorsTheKeywordsAloneRank_andWithoutKeywordsMeaningAlone() {
        assertThat(Fusion.of(Map.of("a", 2.0, "b", 1.0), Map.of())).containsExactlyInAnyOrderEntriesOf(
                Map.of("a", 1.0, "b", 0.5));
        assertThat(Fusion.of(Map.of(), Map.of("only", 0.3))).containsEntry("only", 0.8);
    }

    @Test
    void aFileWithoutVectorsYetCompetesByItsKeywordsAlone_onTheSameScale() {
        Map<String, Double> fused = Fusion.of(Map.of("best-words-no-vectors", 4.0, "embedded", 2.0, "far", 1.0),
                Map.of("embedded", 0.6, "far", 0.2, "close", 0.5));

        assertThat(fused.get("best-words-no-vectors")).isEqualTo(1.0);
        assertThat(fused.get("embedded")).isCloseTo(0.2 * 0.5 + 0.8 * 1, within(1e-9));
        assertThat(fused.get("best-words-no-vectors")).as("not pushed down by files that merely have vectors")
                .isGreaterThan(fused.get("close"));
    }
}

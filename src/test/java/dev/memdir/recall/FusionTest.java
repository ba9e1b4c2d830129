package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FusionTest {

    @Test
    void aFileHighInBothRankingsBeatsOneFirstInOnlyOne() {
        Map<String, Double> fused = Fusion.of(List.of(List.of("a", "b", "c"), List.of("b", "c", "a")));

        assertThat(fused.get("b")).isGreaterThan(fused.get("a")).isGreaterThan(fused.get("c"));
    }

    @Test
    void eachRankingAddsKOverKPlusRank() {
        Map<String, Double> fused = Fusion.of(List.of(List.of("a"), List.of("x", "a")));

        assertThat(fused.get("a")).isCloseTo(60.0 / 61 + 60.0 / 62, within(1e-9));
        assertThat(fused.get("x")).isCloseTo(60.0 / 61, within(1e-9));
    }
}

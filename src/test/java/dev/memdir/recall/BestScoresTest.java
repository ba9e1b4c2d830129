package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BestScoresTest {

    @Test
    void theBestComeFirst_equalScoresByPath() {
        Map<String, Double> scores = Map.of("b", 0.5, "a", 0.5, "c", 0.9, "d", 0.1);

        assertThat(BestScores.of(scores, 3)).containsExactly("c", "a", "b");
        assertThat(BestScores.of(scores, 10)).containsExactly("c", "a", "b", "d");
        assertThat(BestScores.of(scores, 0)).isEmpty();
    }

    @Test
    void theSameAsSortingThemAll() {
        Random random = new Random(3);
        Map<String, Double> scores = new HashMap<>();
        for (int i = 0; i < 5_000; i++) {
            scores.put("file" + i, (double) random.nextInt(200));
        }

        assertThat(BestScores.of(scores, 25)).containsExactlyElementsOf(scores.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(25).map(Map.Entry::getKey).toList());
    }
}

package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FusionTest {

    /** Fuses as for a memory of just the files the two rankings name. */
    private static Map<String, Double> fuse(Map<String, Double> keywords, Map<String, Double> similarities) {
        Set<String> files = new HashSet<>(keywords.keySet());
        files.addAll(similarities.keySet());
        return Fusion.of(keywords, similarities, files.size());
    }

    @Test
    void eachScoreIsScaledToItsBest_andWeighedByHowMuchTheRankingsAgree() {
        Map<String, Double> fused = fuse(Map.of("a", 6.0, "b", 3.0),
                Map.of("a", 0.5, "b", 0.9, "c", 0.7, "d", 0.1));

        double meaning = Fusion.MEANING - Fusion.SWAY / 2;
        assertThat(Fusion.meaningWeight(Map.of("a", 6.0, "b", 3.0), Map.of("a", 0.5, "b", 0.9, "c", 0.7, "d", 0.1)))
                .as("both keyword matches are among the best by meaning").isCloseTo(meaning, within(1e-9));
        assertThat(fused.get("a")).isCloseTo((1 - meaning) * 1 + meaning * 0.5, within(1e-9));
        assertThat(fused.get("b")).isCloseTo((1 - meaning) * 0.5 + meaning * 1, within(1e-9));
        assertThat(fused.get("c")).isCloseTo(meaning * 0.75, within(1e-9));
        assertThat(fused).doesNotContainKey("d");
    }

    @Test
    void meaningWeighsMoreWhenTheBestByKeywordsAreNoneOfTheBestByMeaning_lessWhenTheyAreAll() {
        Map<String, Double> similarities = new HashMap<>();
        Map<String, Double> farByMeaning = new HashMap<>();
        Map<String, Double> closeByMeaning = new HashMap<>();
        for (int i = 0; i < 20; i++) {
            similarities.put("file" + i, 0.9 - i * 0.01);
            (i < 10 ? closeByMeaning : farByMeaning).put("file" + i, 1.0 + i);
        }

        assertThat(Fusion.meaningWeight(farByMeaning, similarities))
                .isCloseTo(Fusion.MEANING + Fusion.SWAY / 2, within(1e-9));
        assertThat(Fusion.meaningWeight(closeByMeaning, similarities))
                .isCloseTo(Fusion.MEANING - Fusion.SWAY / 2, within(1e-9));
    }

    @Test
    void aWeakKeywordMatchDoesNotLiftAFileAboveTheClosestByMeaning() {
        Map<String, Double> fused = fuse(Map.of("shares-a-common-word", 0.4),
                Map.of("shares-a-common-word", 0.30, "answers", 0.62, "other", 0.28));

        assertThat(fused.get("answers")).isGreaterThan(fused.get("shares-a-common-word"));
    }

    @Test
    void withoutVectorsTheKeywordsAloneRank_andWithoutKeywordsMeaningAlone() {
        assertThat(fuse(Map.of("a", 2.0, "b", 1.0), Map.of())).containsExactlyInAnyOrderEntriesOf(
                Map.of("a", 1.0, "b", 0.5));
        assertThat(fuse(Map.of(), Map.of("only", 0.3))).containsEntry("only", Fusion.MEANING + Fusion.SWAY / 2);
    }

    @Test
    void aFileWithoutVectorsYetCompetesByItsKeywordsAlone_onTheSameScale() {
        Map<String, Double> fused = fuse(Map.of("best-words-no-vectors", 4.0, "embedded", 2.0, "far", 1.0),
                Map.of("embedded", 0.6, "far", 0.2, "close", 0.5));

        assertThat(fused.get("best-words-no-vectors")).isEqualTo(1.0);
        double meaning = Fusion.meaningWeight(Map.of("best-words-no-vectors", 4.0, "embedded", 2.0, "far", 1.0),
                Map.of("embedded", 0.6, "far", 0.2, "close", 0.5));
        assertThat(fused.get("embedded")).isCloseTo((1 - meaning) * 0.5 + meaning * 1, within(1e-9));
        assertThat(fused.get("best-words-no-vectors")).as("not pushed down by files that merely have vectors")
                .isGreaterThan(fused.get("close"));
    }

    @Test
    void whileFewerThanHalfTheFilesHaveVectors_meaningWeighsInProportion() {
        Map<String, Double> keywords = Map.of("answer-no-vectors", 1.0, "embedded", 0.5);
        Map<String, Double> similarities = Map.of("embedded", 0.9, "other", 0.1);

        Map<String, Double> fifthEmbedded = Fusion.of(keywords, similarities, 10);
        Map<String, Double> halfEmbedded = Fusion.of(keywords, similarities, 4);

        double meaning = Fusion.meaningWeight(keywords, similarities);
        assertThat(fifthEmbedded.get("embedded")).isCloseTo((1 - 0.4 * meaning) * 0.5 + 0.4 * meaning, within(1e-9));
        assertThat(halfEmbedded.get("embedded")).isCloseTo((1 - meaning) * 0.5 + meaning, within(1e-9));
        assertThat(fifthEmbedded.get("answer-no-vectors")).as("its keywords alone, whatever the coverage")
                .isEqualTo(halfEmbedded.get("answer-no-vectors")).isEqualTo(1.0);
    }

    @Test
    void theAgreementIsJudgedAmongTheFilesThatHaveVectors() {
        Map<String, Double> keywords = new HashMap<>();
        Map<String, Double> similarities = new HashMap<>();
        for (int i = 0; i < 10; i++) {
            keywords.put("no-vectors" + i, 100.0 + i);
            keywords.put("embedded" + i, 1.0 + i);
            similarities.put("embedded" + i, 0.5 + i * 0.01);
        }

        assertThat(Fusion.meaningWeight(keywords, similarities)).as("the embedded files agree wholly")
                .isCloseTo(Fusion.MEANING - Fusion.SWAY / 2, within(1e-9));
    }
}

package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class RelevanceTest {

    private static RecallEvidence evidence(double share, OptionalDouble standing) {
        return new RecallEvidence(new RecallMatch("/memories/a.md", "", 1), share, standing, standing,
                OptionalInt.empty());
    }

    @Test
    void byMeaningAFileMustStandOutOfTheTextsThatDoNotAnswer_lessSoWhenItHoldsTheWordsToo() {
        assertThat(Relevance.bears(evidence(0, OptionalDouble.of(Relevance.STANDS_OUT)))).isTrue();
        assertThat(Relevance.bears(evidence(0.9, OptionalDouble.of(Relevance.STANDS_OUT_WITH_WORDS)))).isTrue();
        assertThat(Relevance.bears(evidence(0.2, OptionalDouble.of(Relevance.STANDS_OUT - 0.01)))).isFalse();
        assertThat(Relevance.bears(evidence(1, OptionalDouble.of(Relevance.STANDS_OUT_WITH_WORDS - 0.01)))).isFalse();
    }

    @Test
    void byKeywordsAloneAFileMustHoldEnoughOfTheQuerysWeight() {
        assertThat(Relevance.bears(evidence(Relevance.WORDS_ALONE, OptionalDouble.empty()))).isTrue();
        assertThat(Relevance.bears(evidence(Relevance.WORDS_ALONE - 0.01, OptionalDouble.empty()))).isFalse();
    }

    @Test
    void stopWordsWeighNothingInTheShare_soASmallMemoryStillTellsWhatAPromptIsAbout() {
        KeywordIndex index = KeywordIndexes.of("dentist.md", "Next appointment with Dr. Lin on 14 January.",
                "guitar.md", "Guitar lessons on Saturdays.");

        KeywordScores scores = KeywordScores.of(Terms.of("When is my dentist appointment?"), index);

        assertThat(scores.share("dentist.md")).isEqualTo(1.0);
        assertThat(scores.share("guitar.md")).isZero();
        assertThat(KeywordScores.of(Terms.of("what is it"), index).share("dentist.md")).isZero();
    }

    @Test
    void aFileStandsOutByHowFarItsSimilarityIsAboveTheOthers() {
        Standing standing = Standing.among(List.of(0.5, 0.5, 0.5, 0.5, 0.9), new double[] {0.4, 0.5, 0.6, 0.5, 0.5,
                0.5, 0.4, 0.6, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5});

        assertThat(standing.of(0.9).getAsDouble()).isGreaterThan(3.5);
        assertThat(standing.of(0.5).getAsDouble()).isLessThan(0.5);
        assertThat(Standing.among(List.of(0.5, 0.9), new double[0]).of(0.9)).as("too few to judge").isEmpty();
    }

    @Test
    void anExcerptIsThePassageThatBears_withoutTheHeadingThatLeadsEveryPassage() {
        String text = "---\ndescription: the plan\n---\n" + "first part.\n\n" + "filler words. ".repeat(80)
                + "\n\nThe audit is on Friday.\n";

        assertThat(Excerpt.of("plan.md", text, OptionalInt.empty(), "when is the audit"))
                .doesNotContain("first part").doesNotContain("plan.md").endsWith("The audit is on Friday.");
        assertThat(Excerpt.of("plan.md", text, OptionalInt.of(0), "anything")).startsWith("first part.");
    }
}

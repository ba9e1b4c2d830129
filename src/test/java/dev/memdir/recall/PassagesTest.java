package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PassagesTest {

    @Test
    void aShortFileIsOnePassage_ledByItsHeading() {
        assertThat(Passages.of("people/mia.md Mia\nher daughter", "Plays the violin.\n\nRecital in spring."))
                .containsExactly("people/mia.md Mia\nher daughter\n\nPlays the violin.\n\nRecital in spring.");
    }

    @Test
    void aLongFileIsCutIntoPassagesOfBoundedSize_losingNoWordBeforeTheCap() {
        String paragraph = "word ".repeat(90).strip();
        String body = String.join("\n\n", java.util.Collections.nCopies(10, paragraph));

        List<String> passages = Passages.of("a.md", body);

        assertThat(passages).hasSizeGreaterThan(1).allSatisfy(passage ->
                assertThat(passage.length()).isLessThanOrEqualTo(Passages.TARGET_WEIGHT));
        assertThat(String.join(" ", passages).split("word", -1)).hasSize(10 * 90 + 1);
    }

    @Test
    void chineseCountsThreeToACharacter_andIsCutAtASentenceEnd() {
        String sentence = "我们在周二的会议上决定把发布推迟到下个月。";
        List<String> passages = Passages.of("会议.md", sentence.repeat(40));

        assertThat(passages).hasSizeGreaterThan(3);
        assertThat(passages.subList(1, passages.size() - 1)).allSatisfy(passage -> {
            assertThat(passage.length() * 3).isLessThanOrEqualTo(Passages.TARGET_WEIGHT);
            assertThat(passage).endsWith("。");
        });
    }

    @Test
    void aHugeFileCostsAtMostTheCapOfPassages() {
        assertThat(Passages.of("big.md", "x ".repeat(1_000_000))).hasSize(Passages.MOST_PASSAGES);
    }

    @Test
    void aLineWithoutSpacesIsCutAtTheSize() {
        List<String> passages = Passages.of("", "y".repeat(2_000));

        assertThat(passages).hasSize(3);
        assertThat(String.join("", passages)).isEqualTo("y".repeat(2_000));
    }
}

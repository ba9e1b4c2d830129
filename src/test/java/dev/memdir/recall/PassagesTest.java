package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class PassagesTest {

    @Test
    void aShortFileIsOnePassage_ledByItsHeading() {
        assertThat(Passages.of("people/mia.md Mia\nher daughter", "Plays the violin.\n\nRecital in spring."))
                .containsExactly("people/mia.md Mia\nher daughter\n\nPlays the violin.\n\nRecital in spring.");
    }

    @Test
    void aLongFileIsCutIntoPassagesOfBoundedSize_eachLedByTheHeading_losingNoWordBeforeTheCap() {
        String paragraph = "word ".repeat(40).strip();
        String body = String.join("\n\n", Collections.nCopies(10, paragraph));

        List<String> passages = Passages.of("notes/a.md A", body);

        assertThat(passages).hasSizeGreaterThan(1).allSatisfy(passage -> {
            assertThat(passage).startsWith("notes/a.md A\n\n");
            assertThat(passage.length()).isLessThanOrEqualTo(Passages.TARGET_WEIGHT);
        });
        assertThat(String.join(" ", passages).split("word", -1)).hasSize(10 * 40 + 1);
    }

    @Test
    void aChatSessionIsCutBetweenTurns() {
        String turn = "Harriet: " + "we walked along the canal and talked about the race ".repeat(2).strip();
        String session = String.join("\n", Collections.nCopies(12, turn));

        List<String> passages = Passages.of("2026-02-03-s01.md Harriet and Jonah", session);

        assertThat(passages).hasSizeGreaterThan(3).allSatisfy(passage -> assertThat(
                passage.substring("2026-02-03-s01.md Harriet and Jonah\n\n".length()).split("\n"))
                .allSatisfy(line -> assertThat(line).isEqualTo(turn)));
    }

    @Test
    void aLongHeadingStillLeavesRoomForTheText() {
        String heading = "long.md " + "a description that goes on ".repeat(20);
        List<String> passages = Passages.of(heading, "text ".repeat(300));

        assertThat(passages).allSatisfy(passage -> assertThat(passage.length() - heading.strip().length())
                .isGreaterThanOrEqualTo(Passages.TARGET_WEIGHT / 2 - 10));
    }

    @Test
    void chineseCountsThreeToACharacter_andIsCutAtASentenceEnd() {
        String sentence = "我们在周二的会议上决定把发布推迟到下个月。";
        List<String> passages = Passages.of("会议.md", sentence.repeat(40));

        assertThat(passages).hasSizeGreaterThan(3);
        assertThat(passages.subList(1, passages.size() - 1)).allSatisfy(passage -> {
            assertThat(passage.length() * 3).isLessThanOrEqualTo(Passages.TARGET_WEIGHT);
            assertThat(passage).startsWith("会议.md\n\n").endsWith("。");
        });
    }

    @Test
    void aHugeFileCostsAtMostTheCapOfPassages() {
        assertThat(Passages.of("big.md", "x ".repeat(1_000_000))).hasSize(Passages.MOST_PASSAGES);
    }

    @Test
    void aLineWithoutSpacesIsCutAtTheSize() {
        List<String> passages = Passages.of("", "y".repeat(2_000));

        assertThat(passages).hasSize((2_000 + Passages.TARGET_WEIGHT - 1) / Passages.TARGET_WEIGHT);
        assertThat(String.join("", passages)).isEqualTo("y".repeat(2_000));
    }

    @Test
    void aFileOfHeadingAloneIsItsHeading() {
        assertThat(Passages.of("empty.md Empty\nnothing yet", "")).containsExactly("empty.md Empty\nnothing yet");
    }
}

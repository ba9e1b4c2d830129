package dev.memdir.context;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ContextBudgetTest {

    private static Offer offer(String path, String text) {
        return new Offer(path, "about " + path, "sha", text, true);
    }

    @Test
    void memoriesThatFitComeWhole_inTheirOrder() {
        ContextBudget.Packed packed = new ContextBudget(2048).pack("Header:",
                List.of(offer("/memories/a.md", "A."), offer("/memories/b.md", "B.")));

        assertThat(packed.text()).isEqualTo("Header:\n\n## /memories/a.md: about /memories/a.md\nA.\n\n"
                + "## /memories/b.md: about /memories/b.md\nB.");
        assertThat(packed.given()).extracting(Offer::path).containsExactly("/memories/a.md", "/memories/b.md");
    }

    @Test
    void oneThatDoesNotFitIsCutAtALine_andTheTextStaysWithinTheBudget() {
        String lines = "line one is here\n".repeat(40);
        ContextBudget.Packed packed = new ContextBudget(400).pack("Header:", List.of(offer("/memories/a.md", lines)));

        assertThat(ContextBudget.size(packed.text())).isLessThanOrEqualTo(400);
        assertThat(packed.text()).endsWith("line one is here" + ContextTexts.CUT);
        assertThat(packed.given()).hasSize(1);
    }

    @Test
    void whenTooLittleIsLeftTheMemoryIsLeftOut() {
        ContextBudget.Packed packed = new ContextBudget(200).pack("Header:",
                List.of(offer("/memories/a.md", "x".repeat(60)), offer("/memories/b.md", "y".repeat(500))));

        assertThat(packed.given()).extracting(Offer::path).containsExactly("/memories/a.md");
        assertThat(packed.text()).doesNotContain("/memories/b.md");
    }

    @Test
    void bytesAreCountedAsUtf8_neverCuttingACharacter() {
        String chinese = "牙医的预约在一月十四日。".repeat(30);
        ContextBudget.Packed packed = new ContextBudget(300).pack("标题：", List.of(offer("/memories/牙医.md", chinese)));

        assertThat(ContextBudget.size(packed.text())).isLessThanOrEqualTo(300);
        assertThat(packed.text()).doesNotContain("\uFFFD");
        assertThat(ContextBudget.cut("ab😀cd", 5)).isEqualTo("ab");
    }
}

package dev.memdir.recall.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.memdir.recall.Embedder;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The models shipped in the jar, loaded and run for real. */
class BilingualModelTest {

    private static Embedder model;

    @BeforeAll
    static void load() {
        model = BilingualModel.load();
    }

    @Test
    void aPassageVectorIsTwoUnitHalves_aQueryVectorOneOfThem() {
        float[] passage = model.passage("Signed up for a ceramics course in May.");
        float[] english = model.query("When did she start the pottery class?");
        float[] chinese = model.query("她什么时候开始学做陶瓷的？");

        assertThat(model.model()).isEqualTo("bge-small-zh-v1.5-q+e5-small-v2-q");
        assertThat(passage).hasSize(512 + 384);
        assertThat(norm(passage, 0, 512)).isCloseTo(1.0, within(1e-3));
        assertThat(norm(passage, 512, 896)).isCloseTo(1.0, within(1e-3));
        assertThat(norm(english, 0, 512)).isZero();
        assertThat(norm(english, 512, 896)).isCloseTo(1.0, within(1e-3));
        assertThat(norm(chinese, 0, 512)).isCloseTo(1.0, within(1e-3));
        assertThat(norm(chinese, 512, 896)).isZero();
        float[] chinesePassage = model.passage("五月份在社区工作室报名了陶艺课。");
        assertThat(norm(chinesePassage, 0, 512)).isCloseTo(1.0, within(1e-3));
        assertThat(norm(chinesePassage, 512, 896)).as("e5's reading of names and numbers")
                .isCloseTo(1.0, within(1e-3));
    }

    @Test
    void anEnglishQuestionIsCloserToTheNoteThatAnswersItInOtherWordsThanToAnother() {
        float[] question = model.query("When did she start the pottery class?");

        assertThat(dot(question, model.passage("Signed up for a ceramics course at the community studio in May.")))
                .isGreaterThan(dot(question, model.passage("Her daughter plays the violin at a spring recital.")));
    }

    @Test
    void soIsAChineseOne() {
        float[] question = model.query("她什么时候开始学做陶瓷的？");

        assertThat(dot(question, model.passage("五月份在社区工作室报名了陶艺课，每周二学拉坯。")))
                .isGreaterThan(dot(question, model.passage("女儿米娅拉小提琴，春天有一场独奏会。")));
    }

    @Test
    void aLongTextIsEmbeddedWhole() {
        assertThat(model.passage("word ".repeat(2_000))).hasSize(896);
    }

    private static double norm(float[] vector, int from, int to) {
        float[] part = Arrays.copyOfRange(vector, from, to);
        return Math.sqrt(dot(part, part));
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}

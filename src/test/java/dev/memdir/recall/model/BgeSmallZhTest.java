package dev.memdir.recall.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.memdir.recall.Embedder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The model shipped in the jar, loaded and run for real. */
class BgeSmallZhTest {

    private static Embedder model;

    @BeforeAll
    static void load() {
        model = BgeSmallZh.load();
    }

    @Test
    void vectorsHave512UnitLengthDimensions() {
        float[] vector = model.passage("Signed up for a ceramics course in May.");

        assertThat(model.model()).isEqualTo("bge-small-zh-v1.5-q");
        assertThat(vector).hasSize(512);
        assertThat(dot(vector, vector)).isCloseTo(1.0, within(1e-3));
    }

    @Test
    void aQuestionIsCloserToTheNoteThatAnswersItInOtherWordsThanToAnother() {
        float[] question = model.query("When did she start the pottery class?");

        assertThat(dot(question, model.passage("Signed up for a ceramics course at the community studio in May.")))
                .isGreaterThan(dot(question, model.passage("Her daughter plays the violin at a spring recital.")));
    }

    @Test
    void soInChinese() {
        float[] question = model.query("她什么时候开始学做陶瓷的？");

        assertThat(dot(question, model.passage("五月份在社区工作室报名了陶艺课，每周二学拉坯。")))
                .isGreaterThan(dot(question, model.passage("女儿米娅拉小提琴，春天有一场独奏会。")));
    }

    @Test
    void aLongTextIsEmbeddedWhole() {
        assertThat(model.passage("word ".repeat(2_000))).hasSize(512);
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}

package dev.memdir.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IndexMeasureTest {

    private static IndexMeasure measure(int lines, int bytes) {
        return new IndexMeasure(lines, bytes, IndexBudget.DEFAULT);
    }

    @ParameterizedTest(name = "{0} lines, {1} bytes -> {2}")
    @CsvSource({
        "0, 0, WITHIN",
        "179, 0, WITHIN",
        "180, 0, NEAR",
        "200, 0, NEAR",
        "201, 0, OVER",
        "0, 22499, WITHIN",
        "0, 22500, NEAR",
        "0, 25000, NEAR",
        "0, 25001, OVER",
        "179, 22499, WITHIN",
        "180, 25001, OVER",
        "201, 22499, OVER",
    })
    void verdict_atTheExactThresholdsOfTheDefaultBudget(int lines, int bytes, Verdict expected) {
        assertThat(measure(lines, bytes).verdict()).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} lines, {1} bytes -> {2}")
    @CsvSource({
        "55, 0, WITHIN",
        "56, 0, NEAR",
        "0, 559, WITHIN",
        "0, 560, NEAR",
        "100, 1000, NEAR",
        "101, 0, OVER",
        "0, 1001, OVER",
    })
    void verdict_customRatios_comparedExactlyNotAsDoubles(int lines, int bytes, Verdict expected) {
        assertThat(new IndexMeasure(lines, bytes, new IndexBudget(100, 1000, 0.56, 0.29)).verdict())
                .isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} lines, {1} bytes -> {2}")
    @CsvSource(delimiter = '|', value = {
        "183 | 21400 | 183/200 lines, 21.4/25.0 KB",
        "0 | 0 | 0/200 lines, 0.0/25.0 KB",
        "1 | 49 | 1/200 lines, 0.0/25.0 KB",
        "1 | 50 | 1/200 lines, 0.1/25.0 KB",
        "201 | 21449 | 201/200 lines, 21.4/25.0 KB",
        "201 | 21450 | 201/200 lines, 21.5/25.0 KB",
        "250 | 25001 | 250/200 lines, 25.0/25.0 KB",
        "250 | 123456 | 250/200 lines, 123.5/25.0 KB",
    })
    void figures_linesAndKilobytesOfOneThousandBytes_oneDecimalHalfUp(int lines, int bytes, String expected) {
        assertThat(measure(lines, bytes).figures()).isEqualTo(expected);
    }

    @Test
    void figures_ignoreDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(measure(183, 21_400).figures()).isEqualTo("183/200 lines, 21.4/25.0 KB");
            assertThat(measure(0, 0).targetKilobytes()).isEqualTo("17.5 KB");
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void targets_ofTheDefaultBudget() {
        assertThat(measure(250, 30_000).targetLines()).isEqualTo(140);
        assertThat(measure(250, 30_000).targetKilobytes()).isEqualTo("17.5 KB");
    }

    @Test
    void targets_ofACustomBudget_roundedDown() {
        IndexMeasure measure = new IndexMeasure(0, 0, new IndexBudget(15, 8_192, 0.8, 0.5));
        assertThat(measure.targetLines()).isEqualTo(7);
        assertThat(measure.targetKilobytes()).isEqualTo("4.1 KB");
        assertThat(measure.figures()).isEqualTo("0/15 lines, 0.0/8.2 KB");
    }

    @Test
    void targetLines_exactDecimalNotDouble() {
        assertThat(new IndexMeasure(0, 0, new IndexBudget(100, 1000, 0.56, 0.29)).targetLines()).isEqualTo(29);
    }

    @ParameterizedTest(name = "[{index}] {1} lines, {2} bytes")
    @CsvSource(delimiter = '|', value = {
        "'' | 0 | 0",
        "a | 1 | 1",
        "'\\n' | 1 | 1",
        "'a\\nb\\n' | 2 | 4",
        "'a\\nb' | 2 | 3",
        "'a\\n\\n' | 2 | 3",
        "'a\\r\\nb\\r\\n' | 2 | 6",
        "'é😀\\n' | 1 | 7",
    })
    void of_countsLinesWithoutAFinalEmptyOneAndUtf8Bytes(String text, int lines, int bytes) {
        String unescaped = text.replace("\\n", "\n").replace("\\r", "\r");
        assertThat(IndexMeasure.of(unescaped, IndexBudget.DEFAULT)).isEqualTo(measure(lines, bytes));
    }

    @Test
    void negativeCounts_rejected() {
        assertThatThrownBy(() -> measure(-1, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Lines and bytes cannot be negative: -1, 0.");
    }
}

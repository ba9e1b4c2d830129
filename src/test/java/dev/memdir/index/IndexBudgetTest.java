package dev.memdir.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IndexBudgetTest {

    @Test
    void defaultBudget_is200Lines25000BytesNear90Target70() {
        assertThat(IndexBudget.DEFAULT).isEqualTo(new IndexBudget(200, 25_000, 0.9, 0.7));
    }

    @Test
    void nonPositiveLineLimit_rejected() {
        assertThatThrownBy(() -> new IndexBudget(0, 25_000, 0.9, 0.7))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The line limit must be positive, not 0.");
    }

    @Test
    void nonPositiveByteLimit_rejected() {
        assertThatThrownBy(() -> new IndexBudget(200, -1, 0.9, 0.7))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The byte limit must be positive, not -1.");
    }

    @ParameterizedTest(name = "near {0}, target {1}")
    @CsvSource({"0.9, 0.9", "0.7, 0.9", "1.1, 0.7", "0.9, 0.0", "0.9, -0.1", "NaN, 0.7", "0.9, NaN"})
    void ratiosOutOfOrder_rejected(double near, double target) {
        assertThatThrownBy(() -> new IndexBudget(200, 25_000, near, target))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The ratios must satisfy 0 < target < near <= 1, not target " + target
                        + " and near " + near + ".");
    }

    @Test
    void nearRatioOfOne_accepted() {
        assertThat(new IndexBudget(10, 100, 1.0, 0.5).nearRatio()).isEqualTo(1.0);
    }
}

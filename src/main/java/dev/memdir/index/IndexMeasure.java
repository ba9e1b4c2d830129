package dev.memdir.index;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The size of the index as it loads (frontmatter and block comments removed), against a budget.
 *
 * @param lines the number of lines, a final line break starting no new line
 * @param bytes the number of UTF-8 bytes
 * @param budget the budget measured against
 */
public record IndexMeasure(int lines, int bytes, IndexBudget budget) {

    public IndexMeasure {
        if (lines < 0 || bytes < 0) {
            throw new IllegalArgumentException("Lines and bytes cannot be negative: " + lines + ", " + bytes + ".");
        }
        Objects.requireNonNull(budget, "budget");
    }

    /** Returns the measure of {@code text}, which is already in its loaded form. */
    static IndexMeasure of(String text, IndexBudget budget) {
        int lineBreaks = (int) text.chars().filter(c -> c == '\n').count();
        int lines = text.isEmpty() || text.endsWith("\n") ? lineBreaks : lineBreaks + 1;
        return new IndexMeasure(lines, text.getBytes(StandardCharsets.UTF_8).length, budget);
    }

    /** Returns OVER past a limit, NEAR at or above the near ratio of a limit, otherwise WITHIN. */
    public Verdict verdict() {
        if (lines > budget.maxLines() || bytes > budget.maxBytes()) {
            return Verdict.OVER;
        }
        if (reaches(lines, budget.maxLines()) || reaches(bytes, budget.maxBytes())) {
            return Verdict.NEAR;
        }
        return Verdict.WITHIN;
    }

    /** Returns the size against the limits, e.g. {@code 183/200 lines, 21.4/25.0 KB}. */
    public String figures() {
        return lines + "/" + budget.maxLines() + " lines, "
                + Kilobytes.format(bytes) + "/" + Kilobytes.format(budget.maxBytes()) + " KB";
    }

    /** Returns the line count to rewrite an index over budget to, e.g. 140. */
    public int targetLines() {
        return floorOf(budget.targetRatio(), budget.maxLines());
    }

    /** Returns the size to rewrite an index over budget to, e.g. {@code 17.5 KB}. */
    public String targetKilobytes() {
        return Kilobytes.format(floorOf(budget.targetRatio(), budget.maxBytes())) + " KB";
    }

    private boolean reaches(int value, int limit) {
        return BigDecimal.valueOf(value).compareTo(partOf(budget.nearRatio(), limit)) >= 0;
    }

    private static int floorOf(double ratio, int limit) {
        return partOf(ratio, limit).setScale(0, RoundingMode.FLOOR).intValueExact();
    }

    private static BigDecimal partOf(double ratio, int limit) {
        // Decimal arithmetic: as doubles, 0.56 * 100 is just above 56 and 0.29 * 100 just below 29.
        return BigDecimal.valueOf(ratio).multiply(BigDecimal.valueOf(limit));
    }
}

package dev.memdir.desk;

import dev.memdir.index.IndexMeasure;

/**
 * {@code MEMORY.md} as it loads, against its budget.
 *
 * @param exists whether the index exists
 * @param measure its lines and bytes as it loads (frontmatter and block comments removed), and the budget
 */
public record IndexGauge(boolean exists, IndexMeasure measure) {}

package dev.memdir.index;

/** Words the line that ends a loaded index whose end was cut off. */
final class CutNotice {

    private CutNotice() {}

    /** Returns the notice, without line break, for an index measured {@code whole} of which {@code loaded} loads. */
    static String line(IndexMeasure whole, IndexMeasure loaded) {
        IndexBudget budget = whole.budget();
        int linesLeftOut = whole.lines() - loaded.lines();
        return "[MEMORY.md is over its budget of " + budget.maxLines() + " lines / "
                + Kilobytes.format(budget.maxBytes()) + " KB; not loaded: the last " + linesLeftOut
                + (linesLeftOut == 1 ? " line (" : " lines (") + Kilobytes.format(whole.bytes() - loaded.bytes())
                + " KB). Move detail into topic files and keep the index under the budget.]";
    }
}

package dev.memdir.recall;

/**
 * Whether a file bears on a query at all, not only more than the other files: what lets memory come to a model
 * unasked, and an unrelated prompt bring nothing. By meaning, the file's closest passage must stand out of the
 * similarities of texts that do not answer the query ({@link Standing}): by {@value #STANDS_OUT} deviations, or by
 * {@value #STANDS_OUT_WITH_WORDS} when the file also holds {@value #WORDS_WITH_MEANING} of the query's keyword weight.
 * By keywords alone (the models are loading, or recall is keywords only), the file must hold {@value #WORDS_ALONE} of
 * it. The thresholds were chosen on the context evaluation sets, at most one unrelated prompt in twenty bringing
 * anything ({@code scripts/recall-eval --context}, docs/claude-code.md).
 */
public final class Relevance {

    static final double STANDS_OUT = 3.0;
    static final double STANDS_OUT_WITH_WORDS = 1.0;
    static final double WORDS_WITH_MEANING = 0.3;
    static final double WORDS_ALONE = 0.3;

    private Relevance() {}

    /** Whether the file {@code evidence} is of bears on the query it was found for. */
    public static boolean bears(RecallEvidence evidence) {
        if (evidence.standing().isPresent()) {
            double standing = evidence.standing().getAsDouble();
            return standing >= STANDS_OUT
                    || standing >= STANDS_OUT_WITH_WORDS && evidence.keywordShare() >= WORDS_WITH_MEANING;
        }
        return evidence.keywordShare() >= WORDS_ALONE;
    }
}

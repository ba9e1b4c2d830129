package dev.memdir.recall;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Fuses the two rankings of the same files by a convex combination of their normalized scores: the similarity of
 * meaning, scaled so that the closest file scores 1 and the farthest 0, and the BM25 score, scaled so that the best
 * keyword match scores 1. Unlike reciprocal rank fusion, it keeps how far apart the scores are, so a file that shares
 * only a common word with the query does not rise as high as one a few places down by meaning; on the recall
 * evaluation set it beat reciprocal rank fusion (docs/recall.md), as Bruch, Gai and Ingber found over other sets (ACM
 * TOIS 2023).
 *
 * <p>Meaning weighs {@value #MEANING} when the two rankings half agree, more when they disagree, less when they agree
 * (from {@value #MEANING} + {@value #SWAY}/2 to {@value #MEANING} - {@value #SWAY}/2): when the best files by keywords
 * are none of the best by meaning, the words the query shares with them are likely common ones, and when they are the
 * same files, the words are the finer judge of their order. It did better than any fixed weight on every evaluation
 * set, chats and notes alike.
 *
 * <p>A file without vectors yet (its memory still being embedded) competes by its keywords alone, on the same scale:
 * scored as if its meaning agreed with them, it is not pushed down by files that merely have vectors. The best of a
 * few embedded files still scores high by meaning, whatever its words; so while fewer than half the memory's files
 * have vectors, meaning weighs in proportion (at a fifth embedded, two fifths of its weight), and the agreement is
 * judged among the files that have vectors. A partly embedded memory then ranks about as well as keywords alone, or
 * better.
 */
final class Fusion {

    static final double MEANING = 0.8;
    static final double SWAY = 0.3;
    /** How many of each ranking's best files their agreement is judged on. */
    static final int AGREEMENT_DEPTH = 10;

    private Fusion() {}

    /**
     * Returns each file's fused score, from {@code keywords} (BM25 scores above 0) and {@code similarities} (cosines
     * of the files that have vectors) among the memory's {@code files}: a file with vectors but no keyword scores 0
     * there; a file without vectors scores its normalized keyword score alone. Files that score 0 are left out.
     */
    static Map<String, Double> of(Map<String, Double> keywords, Map<String, Double> similarities, int files) {
        double meaning = meaningWeight(keywords, similarities)
                * Math.min(1, 2.0 * similarities.size() / Math.max(1, Math.max(files, similarities.size())));
        Map<String, Double> fused = new HashMap<>();
        double bestKeywords = keywords.isEmpty() ? 1 : Collections.max(keywords.values());
        keywords.forEach((file, score) -> fused.put(file,
                (similarities.containsKey(file) ? 1 - meaning : 1) * score / bestKeywords));
        if (!similarities.isEmpty()) {
            double closest = Collections.max(similarities.values());
            double farthest = Collections.min(similarities.values());
            double range = closest - farthest;
            similarities.forEach((file, similarity) -> fused.merge(file,
                    meaning * (range > 0 ? (similarity - farthest) / range : 1), Double::sum));
        }
        fused.values().removeIf(score -> score <= 0);
        return fused;
    }

    /**
     * The weight of meaning for one query: {@value #MEANING} moved by {@value #SWAY} times how far the two rankings'
     * agreement is from a half. Their agreement is the share of the best {@value #AGREEMENT_DEPTH} files by keywords
     * among those that have vectors that are among the best {@value #AGREEMENT_DEPTH} by meaning (of fewer, when fewer
     * such files hold a keyword); none when none does.
     */
    static double meaningWeight(Map<String, Double> keywords, Map<String, Double> similarities) {
        Map<String, Double> embedded = new HashMap<>(keywords);
        embedded.keySet().retainAll(similarities.keySet());
        int depth = Math.min(AGREEMENT_DEPTH, Math.min(embedded.size(), similarities.size()));
        if (depth == 0) {
            return MEANING + SWAY / 2;
        }
        Set<String> byMeaning = best(similarities, AGREEMENT_DEPTH);
        long shared = best(embedded, AGREEMENT_DEPTH).stream().filter(byMeaning::contains).count();
        return MEANING + SWAY * (0.5 - (double) shared / depth);
    }

    private static Set<String> best(Map<String, Double> scores, int count) {
        return new HashSet<>(BestScores.of(scores, count));
    }
}

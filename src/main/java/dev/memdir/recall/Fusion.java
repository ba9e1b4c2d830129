package dev.memdir.recall;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * Fuses the two rankings of the same files by a convex combination of their normalized scores: {@value #MEANING}
 * times the similarity of meaning, scaled so that the closest file scores 1 and the farthest 0, plus the rest times the
 * BM25 score, scaled so that the best keyword match scores 1. Unlike reciprocal rank fusion, it keeps how far apart
 * the scores are, so a file that shares only a common word with the query does not rise as high as one a few places
 * down by meaning; on the recall evaluation set it beat reciprocal rank fusion (docs/recall.md), as Bruch, Gai and
 * Ingber found over other sets (ACM TOIS 2023). A file without vectors yet (its memory still being embedded) competes
 * by its keywords alone, on the same scale: scored as if its meaning agreed with them, it is never pushed down by
 * files that merely have vectors, so a partly embedded memory ranks no worse than keywords do.
 */
final class Fusion {

    static final double MEANING = 0.8;

    private Fusion() {}

    /**
     * Returns each file's fused score, from {@code keywords} (BM25 scores above 0) and {@code similarities} (cosines
     * of the files that have vectors): a file with vectors but no keyword scores 0 there; a file without vectors
     * scores its normalized keyword score alone. Files that score 0 are left out.
     */
    static Map<String, Double> of(Map<String, Double> keywords, Map<String, Double> similarities) {
        Map<String, Double> fused = new HashMap<>();
        double bestKeywords = keywords.isEmpty() ? 1 : Collections.max(keywords.values());
        keywords.forEach((file, score) -> fused.put(file,
                (similarities.containsKey(file) ? 1 - MEANING : 1) * score / bestKeywords));
        if (!similarities.isEmpty()) {
            double closest = Collections.max(similarities.values());
            double farthest = Collections.min(similarities.values());
            double range = closest - farthest;
            similarities.forEach((file, similarity) -> fused.merge(file,
                    MEANING * (range > 0 ? (similarity - farthest) / range : 1), Double::sum));
        }
        fused.values().removeIf(score -> score <= 0);
        return fused;
    }
}

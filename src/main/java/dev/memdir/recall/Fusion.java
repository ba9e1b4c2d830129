package dev.memdir.recall;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reciprocal rank fusion of rankings of the same files: a file scores {@code k / (k + rank)} in each ranking that
 * holds it (rank 1 best), summed. It needs no calibration between BM25's unbounded scores and cosine similarities,
 * only their orders, and a file first in one ranking and absent from the other still ranks high (Cormack, Clarke and
 * Büttcher, SIGIR 2009). The scale {@code k} (not the usual 1) keeps a score near 1 per ranking, so it reads well.
 */
final class Fusion {

    static final int K = 60;

    private Fusion() {}

    /** Returns each file's fused score over {@code rankings}, each a list of files best first. */
    static Map<String, Double> of(List<List<String>> rankings) {
        Map<String, Double> scores = new HashMap<>();
        for (List<String> ranking : rankings) {
            for (int i = 0; i < ranking.size(); i++) {
                scores.merge(ranking.get(i), (double) K / (K + i + 1), Double::sum);
            }
        }
        return scores;
    }
}

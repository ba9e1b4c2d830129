package dev.memdir.recall;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The keyword side of one query: each file's BM25 score (k1 1.2, b 0.75), and the share of the query's weight the file
 * holds (the inverse document frequencies of the query's words it has, over those of all the query's words, stop words
 * left out of both): BM25 ranks files against each other, the share tells how much of the query a file speaks to.
 */
final class KeywordScores {

    private static final double K1 = 1.2;
    private static final double B = 0.75;

    private final Map<String, Double> bm25;
    private final Map<String, Double> shares;

    private KeywordScores(Map<String, Double> bm25, Map<String, Double> shares) {
        this.bm25 = bm25;
        this.shares = shares;
    }

    /** Scores the files of {@code index} that hold any of the words {@code queryTerms}. */
    static KeywordScores of(List<String> queryTerms, KeywordIndex index) {
        Set<String> terms = new LinkedHashSet<>(queryTerms);
        Map<String, Double> bm25 = new HashMap<>();
        Map<String, Double> held = new HashMap<>();
        if (terms.isEmpty() || index.files() == 0) {
            return new KeywordScores(bm25, held);
        }
        double averageLength = Math.max(index.averageLength(), 1);
        double allWeight = 0;
        for (String term : terms) {
            int holding = index.holding(term);
            double idf = Math.log(1 + (index.files() - holding + 0.5) / (holding + 0.5));
            boolean counts = !StopWords.contains(term);
            allWeight += counts ? idf : 0;
            index.forEachHolder(term, (relative, frequency, length) -> {
                double norm = K1 * (1 - B + B * length / averageLength);
                bm25.merge(relative, idf * frequency * (K1 + 1) / (frequency + norm), Double::sum);
                held.merge(relative, counts ? idf : 0, Double::sum);
            });
        }
        double queryWeight = allWeight;
        held.replaceAll((relative, weight) -> queryWeight > 0 ? weight / queryWeight : 0);
        return new KeywordScores(bm25, held);
    }

    /** Each file's BM25 score, for the files that hold a word of the query. */
    Map<String, Double> bm25() {
        return bm25;
    }

    /** The share of the query's weight the file at {@code relative} holds, from 0 to 1. */
    double share(String relative) {
        return shares.getOrDefault(relative, 0.0);
    }
}

package dev.memdir.recall;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

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

    /** Scores every file of {@code index} (by its path below the root) for the words {@code queryTerms}. */
    static <T> KeywordScores of(List<String> queryTerms, Map<String, T> index, Function<T, MemoryDocument> document) {
        Set<String> terms = new LinkedHashSet<>(queryTerms);
        Map<String, Double> bm25 = new HashMap<>();
        Map<String, Double> shares = new HashMap<>();
        if (terms.isEmpty() || index.isEmpty()) {
            return new KeywordScores(bm25, shares);
        }
        double averageLength = index.values().stream().mapToInt(i -> document.apply(i).length()).average().orElse(1);
        Map<String, Double> idf = new HashMap<>();
        double allWeight = 0;
        for (String term : terms) {
            long containing = index.values().stream().filter(i -> document.apply(i).frequency(term) > 0).count();
            double weight = Math.log(1 + (index.size() - containing + 0.5) / (containing + 0.5));
            idf.put(term, weight);
            if (!StopWords.contains(term)) {
                allWeight += weight;
            }
        }
        double queryWeight = allWeight;
        index.forEach((relative, indexed) -> {
            MemoryDocument file = document.apply(indexed);
            double score = 0;
            double held = 0;
            for (String term : terms) {
                int frequency = file.frequency(term);
                if (frequency > 0) {
                    double norm = K1 * (1 - B + B * file.length() / Math.max(averageLength, 1));
                    score += idf.get(term) * frequency * (K1 + 1) / (frequency + norm);
                    held += StopWords.contains(term) ? 0 : idf.get(term);
                }
            }
            if (score > 0) {
                bm25.put(relative, score);
                shares.put(relative, queryWeight > 0 ? held / queryWeight : 0);
            }
        });
        return new KeywordScores(bm25, shares);
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

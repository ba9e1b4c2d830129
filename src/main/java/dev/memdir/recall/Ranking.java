package dev.memdir.recall;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * One query's scores: by keywords, fused with meaning when the query has its vector; each file's closest passage,
 * and where its similarity stands.
 */
final class Ranking {

    private final Function<String, String> description;
    private final KeywordScores keywords;
    private final Map<String, Double> scores;
    private final Map<String, ContentVectors.Closest> closest;
    private final Standing standing;
    private final boolean byQueryVector;
    private final int withoutVectors;

    Ranking(Function<String, String> description, KeywordScores keywords, Map<String, Double> scores,
            Map<String, ContentVectors.Closest> closest, Standing standing, boolean byQueryVector, int withoutVectors) {
        this.description = description;
        this.keywords = keywords;
        this.scores = scores;
        this.closest = closest;
        this.standing = standing;
        this.byQueryVector = byQueryVector;
        this.withoutVectors = withoutVectors;
    }

    /**
     * A ranking by keywords alone (the query has no vector, or no file has one yet): {@code scores} are the files'
     * BM25 scores, spread along their sequences.
     */
    static Ranking byKeywords(Function<String, String> description, KeywordScores keywords, Map<String, Double> scores,
            int withoutVectors) {
        return new Ranking(description, keywords, scores, Map.of(), Standing.among(List.of(), new double[0]), false,
                withoutVectors);
    }

    boolean byQueryVector() {
        return byQueryVector;
    }

    int withoutVectors() {
        return withoutVectors;
    }

    List<String> best(int limit) {
        return BestScores.of(scores, limit);
    }

    RecallMatch match(String relative) {
        return new RecallMatch("/memories/" + relative, description.apply(relative),
                scores.get(relative), closest.containsKey(relative));
    }

    RecallEvidence evidence(String relative) {
        ContentVectors.Closest passage = closest.get(relative);
        if (passage == null) {
            return new RecallEvidence(match(relative), keywords.share(relative), OptionalDouble.empty(),
                    OptionalDouble.empty(), OptionalInt.empty());
        }
        return new RecallEvidence(match(relative), keywords.share(relative),
                OptionalDouble.of(passage.similarity()), standing.of(passage.similarity()),
                OptionalInt.of(passage.passage()));
    }
}

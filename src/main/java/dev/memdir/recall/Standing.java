package dev.memdir.recall;

import java.util.Collection;
import java.util.OptionalDouble;

/**
 * How far a similarity to a query stands above those of the texts it is judged against (every file of the memory
 * that has vectors, and the {@link Background} sentences), in standard deviations. Similarities of one model to
 * different queries are not comparable (a question close to nothing still scores 0.8 with e5), their spread for one
 * query is: a file that answers the query stands out of it. Fewer than {@value #LEAST_REFERENCES} texts judge nothing.
 */
final class Standing {

    static final int LEAST_REFERENCES = 20;

    private final double mean;
    private final double deviation;

    private Standing(double mean, double deviation) {
        this.mean = mean;
        this.deviation = deviation;
    }

    static Standing among(Collection<Double> files, double[] background) {
        int count = files.size() + background.length;
        if (count < LEAST_REFERENCES) {
            return new Standing(0, 0);
        }
        double sum = 0;
        double squares = 0;
        for (double similarity : files) {
            sum += similarity;
            squares += similarity * similarity;
        }
        for (double similarity : background) {
            sum += similarity;
            squares += similarity * similarity;
        }
        double mean = sum / count;
        return new Standing(mean, Math.sqrt(Math.max(0, squares / count - mean * mean)));
    }

    /** Returns how many deviations {@code similarity} stands above the mean; empty when nothing can judge it. */
    OptionalDouble of(double similarity) {
        return deviation > 0 ? OptionalDouble.of((similarity - mean) / deviation) : OptionalDouble.empty();
    }
}

package dev.memdir.recall;

import java.util.Optional;

/**
 * The vectors of one content's passages, each kept as signed bytes times a scale (a quarter of the memory of floats,
 * with a rank order that barely moves); a content is as close to a query as its closest passage.
 */
final class ContentVectors {

    private final int dimensions;
    private final byte[] values;
    private final float[] scales;

    ContentVectors(int dimensions, byte[] values, float[] scales) {
        if (values.length != dimensions * scales.length) {
            throw new IllegalArgumentException("passage vectors of " + values.length + " values are not "
                    + scales.length + " of " + dimensions);
        }
        this.dimensions = dimensions;
        this.values = values;
        this.scales = scales;
    }

    /** Quantizes {@code passages}, each of {@code dimensions} floats. */
    static ContentVectors of(int dimensions, float[][] passages) {
        byte[] values = new byte[dimensions * passages.length];
        float[] scales = new float[passages.length];
        for (int p = 0; p < passages.length; p++) {
            float largest = 0;
            for (float value : passages[p]) {
                largest = Math.max(largest, Math.abs(value));
            }
            scales[p] = largest == 0 ? 0 : largest / 127f;
            for (int i = 0; i < dimensions; i++) {
                values[p * dimensions + i] = scales[p] == 0 ? 0 : (byte) Math.round(passages[p][i] / scales[p]);
            }
        }
        return new ContentVectors(dimensions, values, scales);
    }

    int dimensions() {
        return dimensions;
    }

    int passages() {
        return scales.length;
    }

    byte[] values() {
        return values;
    }

    float[] scales() {
        return scales;
    }

    /**
     * Returns the passage closest to {@code query} (unit length): the largest dot product with a passage's vector, over
     * the dimensions {@code query} spans (outside them it is zero: a model's half of a vector it shares); empty when
     * no passage has a value there (that model left them all out).
     */
    Optional<Closest> closest(float[] query, Span span) {
        double best = Double.NEGATIVE_INFINITY;
        int bestPassage = -1;
        for (int p = 0; p < scales.length; p++) {
            int offset = p * dimensions;
            double dot = 0;
            boolean filled = false;
            for (int i = span.from(); i < span.to(); i++) {
                dot += query[i] * values[offset + i];
                filled |= values[offset + i] != 0;
            }
            if (filled && dot * scales[p] > best) {
                best = dot * scales[p];
                bestPassage = p;
            }
        }
        return bestPassage < 0 ? Optional.empty() : Optional.of(new Closest(bestPassage, best));
    }

    /** A content's passage closest to a query: its index among the content's passages, and its similarity. */
    record Closest(int passage, double similarity) {}

    /** The dimensions from the first to the last that is not zero in a query's vector. */
    record Span(int from, int to) {
        static Span of(float[] query) {
            int from = 0;
            while (from < query.length && query[from] == 0) {
                from++;
            }
            int to = query.length;
            while (to > from && query[to - 1] == 0) {
                to--;
            }
            return new Span(from, to);
        }
    }
}

package dev.memdir.recall;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Sentences about everything and nothing, in English and Chinese ({@code background.txt}): how close a query is to
 * them tells how close it is to text that does not answer it. A file's similarity to a query is judged against theirs
 * and the memory's other files' ({@link Standing}), so that a memory of a few files can tell a relevant one too.
 */
final class Background {

    private static final String TEXTS = "background.txt";

    private Background() {}

    /** Embeds every background sentence as a passage: one vector each, both models' halves. */
    static float[][] vectors(Embedder model) {
        List<String> texts = texts();
        float[][] vectors = new float[texts.size()][];
        for (int i = 0; i < vectors.length; i++) {
            vectors[i] = model.reference(texts.get(i));
        }
        return vectors;
    }

    /** Returns the similarities of {@code query} to the background sentences of {@code vectors}. */
    static double[] similarities(float[] query, float[][] vectors) {
        ContentVectors.Span span = ContentVectors.Span.of(query);
        double[] similarities = new double[vectors.length];
        for (int s = 0; s < vectors.length; s++) {
            for (int i = span.from(); i < span.to(); i++) {
                similarities[s] += query[i] * vectors[s][i];
            }
        }
        return similarities;
    }

    static List<String> texts() {
        try (InputStream in = Background.class.getResourceAsStream(TEXTS)) {
            if (in == null) {
                throw new IllegalStateException(TEXTS + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(line -> !line.isEmpty()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

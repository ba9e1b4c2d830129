package dev.memdir.recall;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/** The words of {@code stop-words.txt}: those that say nothing of what a prompt is about. */
final class StopWords {

    private static final Set<String> WORDS = read();

    private StopWords() {}

    static boolean contains(String term) {
        return WORDS.contains(term);
    }

    private static Set<String> read() {
        try (InputStream in = StopWords.class.getResourceAsStream("stop-words.txt")) {
            if (in == null) {
                throw new IllegalStateException("stop-words.txt is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.startsWith("#"))
                    .flatMap(line -> Arrays.stream(line.trim().split("\\s+")))
                    .filter(word -> !word.isEmpty()).collect(Collectors.toUnmodifiableSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

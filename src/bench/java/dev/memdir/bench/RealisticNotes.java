package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Generated memory files shaped like an agent's memories ({@link MemoryLanguage}: English and Chinese): front matter
 * with a name and a one-line description, then one to three sentences (half the notes), four to twelve (a third)
 * or twenty to fifty in paragraphs with a list (the rest), in a directory per kind of memory. Seeded: every run
 * writes the same files; and the questions asked of them, every one different.
 */
final class RealisticNotes {

    private static final List<String> KINDS = List.of("people", "projects", "decisions", "feedback", "reference");
    private static final long SEED = 25;

    private RealisticNotes() {}

    /** Writes {@code count} notes under {@code root}. */
    static void write(Path root, int count) throws IOException {
        Random random = new Random(SEED);
        for (int i = 0; i < count; i++) {
            MemoryLanguage language = MemoryLanguage.draw(random);
            List<String> sentences = new ArrayList<>();
            for (int n = sentences(random); sentences.size() < n; ) {
                sentences.add(language.draw(language.facts(), random));
            }
            Path file = root.resolve(KINDS.get(i % KINDS.size())).resolve("part-" + i % 20)
                    .resolve("note-" + i + ".md");
            Files.createDirectories(file.getParent());
            // Double-quoted: a sentence such as "Decided: ..." is not a plain YAML scalar (it has no " or \).
            Files.writeString(file, "---\nname: \"" + name(sentences.get(0)) + "\"\ndescription: \""
                    + sentences.get(0) + "\"\n---\n" + body(sentences, language, random));
        }
    }

    /** {@code count} questions about such notes, each asked once, in both languages as the notes are. */
    static List<String> questions(int count) {
        Random random = new Random(SEED + 1);
        Set<String> questions = new HashSet<>();
        List<String> ordered = new ArrayList<>();
        for (int draws = 0; ordered.size() < count; draws++) {
            if (draws > count * 100) {
                throw new IllegalArgumentException("cannot make " + count + " different questions (--warm-up plus"
                        + " --queries): ask fewer");
            }
            MemoryLanguage language = MemoryLanguage.draw(random);
            String question = language.draw(language.questions(), random);
            if (questions.add(question)) {
                ordered.add(question);
            }
        }
        return ordered;
    }

    private static int sentences(Random random) {
        int kind = random.nextInt(20);
        return kind < 10 ? 1 + random.nextInt(3) : kind < 17 ? 4 + random.nextInt(9) : 20 + random.nextInt(31);
    }

    /** The first words of the first sentence: at most six English words, twelve Chinese characters. */
    private static String name(String sentence) {
        String plain = sentence.replaceAll("[`.:;,。，：；]", "");
        if (plain.contains(" ") && plain.codePoints().allMatch(c -> c < 0x2E80)) {
            String[] words = plain.split(" ");
            return String.join(" ", List.of(words).subList(0, Math.min(6, words.length)));
        }
        return plain.substring(0, Math.min(12, plain.length())).strip();
    }

    /** Paragraphs of up to five sentences; a long note gets a list of its last sentences. */
    private static String body(List<String> sentences, MemoryLanguage language, Random random) {
        StringBuilder body = new StringBuilder();
        int listed = sentences.size() >= 20 ? 3 + random.nextInt(5) : 0;
        int prose = sentences.size() - listed;
        for (int i = 0; i < prose; i++) {
            body.append(sentences.get(i)).append(i == prose - 1 ? "\n" : i % 5 == 4 ? "\n\n" : language.sentenceGap());
        }
        if (listed > 0) {
            body.append('\n');
            sentences.subList(prose, sentences.size()).forEach(item -> body.append("- ").append(item).append('\n'));
        }
        return body.toString();
    }
}

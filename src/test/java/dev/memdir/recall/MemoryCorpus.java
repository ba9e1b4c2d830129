package dev.memdir.recall;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A memory root of generated notes over a vocabulary of 300 made-up words and some real ones, the words of the
 * query among them, so that many notes share a word or two with the query; and one planted note that answers it.
 */
public final class MemoryCorpus {

    public static final String PLANTED = "/memories/ops/deploy-rollback.md";
    public static final String QUERY = "how do we roll back a failed deployment";

    private static final List<String> REAL_WORDS = List.of("meeting", "notes", "design", "review", "database", "cache",
            "latency", "user", "feedback", "testing", "release", "deployment", "budget", "schema", "roll", "back",
            "queue", "worker", "failed", "retry", "login", "token", "report", "backup", "archive", "migration");
    private static final String[] SYLLABLES = {"ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pa", "qui", "dor"};

    private MemoryCorpus() {}

    /** Writes {@code count} generated notes under {@code root} (seeded: every run ranks the same) and the planted one. */
    public static void write(Path root, int count) throws IOException {
        Random random = new Random(8);
        List<String> vocabulary = new ArrayList<>(REAL_WORDS);
        while (vocabulary.size() < REAL_WORDS.size() + 300) {
            vocabulary.add(SYLLABLES[random.nextInt(SYLLABLES.length)] + SYLLABLES[random.nextInt(SYLLABLES.length)]
                    + SYLLABLES[random.nextInt(SYLLABLES.length)]);
        }
        for (int i = 0; i < count; i++) {
            StringBuilder body = new StringBuilder();
            for (int word = 0; word < 40 + random.nextInt(80); word++) {
                body.append(vocabulary.get(random.nextInt(vocabulary.size()))).append(word % 12 == 11 ? ".\n" : " ");
            }
            String topic = REAL_WORDS.get(random.nextInt(REAL_WORDS.size()));
            Path file = root.resolve("topic-" + i % 20).resolve(topic + "-" + i + ".md");
            Files.createDirectories(file.getParent());
            Files.writeString(file, "---\nname: " + topic + " " + i + "\ndescription: notes about " + topic + "\n---\n"
                    + body);
        }
        Path planted = root.resolve(PLANTED.substring("/memories/".length()));
        Files.createDirectories(planted.getParent());
        Files.writeString(planted, "---\nname: deploy rollback\ndescription: how to roll back a failed deployment\n"
                + "---\nRedeploy the previous tag, then check the health endpoint.\n");
    }
}

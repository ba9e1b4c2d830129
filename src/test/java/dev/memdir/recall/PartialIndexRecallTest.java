package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.context.ContextEvalSet;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.recall.model.BilingualModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * While only some of a memory's files have their vectors (a new machine, a copy, a restore), hybrid recall ranks at
 * least as well as keywords alone: every other file of each evaluation set is refused its vectors, and R@5 over the
 * set's questions is held to that of keywords.
 */
class PartialIndexRecallTest {

    private static final Duration INDEXED_WITHIN = Duration.ofMinutes(5);

    @TempDir
    Path temp;

    @Test
    void halfEmbeddedRanksNoWorseThanKeywords_onEveryEvaluationSet() throws Exception {
        Embedder model = BilingualModel.load();
        for (ContextEvalSet set : ContextEvalSet.load()) {
            Path root = temp.resolve(set.name());
            List<String> files = copy(set.memories(), root);
            Set<String> refused = new HashSet<>();
            for (int i = 0; i < files.size(); i += 2) {
                refused.add(files.get(i));
            }
            try (DirectoryStore store = DirectoryStore.open(root, StoreLimits.perFile(1 << 22), "test")) {
                Recall keywords = new Recall(store);
                Recall half = Recall.toldOfChanges(store, Optional.of(new Embedding(BilingualModel.MODEL,
                        () -> refusing(model, refused), 2)));
                awaitEmbedded(half, refused.size());
                List<ContextEvalSet.Prompt> questions = set.prompts().stream()
                        .filter(prompt -> !prompt.unrelated()).toList();

                double byKeywords = recallAt5(keywords, questions);
                double byHalf = recallAt5(half, questions);

                assertThat(byHalf).as(set.name() + ": R@5 half embedded against keywords").isGreaterThanOrEqualTo(
                        byKeywords);
            }
        }
    }

    /** The model, refusing to embed a passage of the files {@code refused} names (their first passage leads with it). */
    private static Embedder refusing(Embedder model, Set<String> refused) {
        return new Embedder() {
            @Override
            public String model() {
                return model.model();
            }

            @Override
            public float[] passage(String text) {
                for (String file : refused) {
                    if (text.startsWith(file + " ") || text.startsWith(file + "\n")) {
                        throw new IllegalStateException("refused: " + file);
                    }
                }
                return model.passage(text);
            }

            @Override
            public float[] reference(String text) {
                return model.reference(text);
            }

            @Override
            public float[] query(String text) {
                return model.query(text);
            }
        };
    }

    private static void awaitEmbedded(Recall recall, int refused) throws Exception {
        Instant deadline = Instant.now().plus(INDEXED_WITHIN);
        while (true) {
            RecallAnswer answer = recall.answer("warm up", 1);
            if (answer.byMeaning() && answer.withoutVectors() == refused) {
                return;
            }
            assertThat(Instant.now()).as("every file but the refused embedded by now").isBefore(deadline);
            Thread.sleep(100);
        }
    }

    private static double recallAt5(Recall recall, List<ContextEvalSet.Prompt> questions) throws Exception {
        int hits = 0;
        for (ContextEvalSet.Prompt question : questions) {
            List<String> best = recall.search(question.text(), 5).stream().map(RecallMatch::path).toList();
            if (best.stream().anyMatch(question.memoryPaths()::contains)) {
                hits++;
            }
        }
        return hits / (double) questions.size();
    }

    /** Copies the set's memory files, returning their paths below the root, sorted. */
    private static List<String> copy(Path from, Path to) throws Exception {
        List<String> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path path : walk.sorted().toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                    files.add(from.relativize(path).toString().replace('\\', '/'));
                }
            }
        }
        return files;
    }
}

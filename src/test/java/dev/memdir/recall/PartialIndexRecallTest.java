package dev.memdir.recall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.Eventually;
import dev.memdir.context.ContextEvalSet;
import dev.memdir.memory.directory.DirectoryOptions;
import dev.memdir.memory.directory.DirectoryStore;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.recall.model.BilingualModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * While only some of a memory's files have their vectors (a new machine, a copy, a restore), hybrid recall ranks at
 * least as well as keywords alone: every other file of each evaluation set (the personal and project memories, and
 * the chat logs written both ways) is refused its vectors, and R@5 over the set's questions is held to that of
 * keywords.
 */
class PartialIndexRecallTest {

    private static final Duration INDEXED_WITHIN = Duration.ofMinutes(5);

    @TempDir
    Path temp;

    /** A memory and the questions asked of it, each with the files below the memory's root that answer it. */
    private record Asked(Path memories, List<RecallEvalSet.Question> questions) {}

    @Test
    void halfEmbeddedRanksNoWorseThanKeywords_onEveryEvaluationSet() throws Exception {
        Embedder model = BilingualModel.load();
        Map<String, List<Asked>> sets = new LinkedHashMap<>();
        for (ContextEvalSet set : ContextEvalSet.load()) {
            sets.put(set.name(), List.of(new Asked(set.memories(), set.prompts().stream()
                    .filter(prompt -> !prompt.unrelated()).map(prompt -> new RecallEvalSet.Question(prompt.id(),
                            RecallEvalSet.Language.EN, RecallEvalSet.Kind.LITERAL, prompt.text(), prompt.answers()))
                    .toList())));
        }
        RecallEvalChats chats = RecallEvalChats.load(RecallEvalChats.DIRECTORY);
        for (RecallEvalChats.Layout layout : RecallEvalChats.Layout.values()) {
            List<Asked> conversations = new ArrayList<>();
            for (RecallEvalChats.Conversation conversation : chats.conversations()) {
                RecallEvalSet written = chats.write(conversation, layout,
                        temp.resolve("chats-" + layout.label() + "-" + conversation.id()));
                conversations.add(new Asked(written.memories(), written.questions()));
            }
            sets.put("chats by " + layout.label(), conversations);
        }
        for (Map.Entry<String, List<Asked>> set : sets.entrySet()) {
            int byKeywords = 0;
            int byHalf = 0;
            int questions = 0;
            for (Asked asked : set.getValue()) {
                Path root = temp.resolve("memory-" + set.getKey().replace(' ', '-') + "-" + questions);
                List<String> files = copy(asked.memories(), root);
                Set<String> refused = new HashSet<>();
                for (int i = 0; i < files.size(); i += 2) {
                    refused.add(files.get(i));
                }
                try (DirectoryStore store = DirectoryStore.open(DirectoryOptions.of(root, StoreLimits.perFile(1 << 22),
                        "test"))) {
                    Recall half = Recall.toldOfChanges(store, Optional.of(new Embedding(BilingualModel.MODEL,
                            () -> refusing(model, refused), 2)));
                    awaitEmbedded(half, refused.size());
                    byKeywords += hitsAt5(new Recall(store), asked.questions());
                    byHalf += hitsAt5(half, asked.questions());
                    questions += asked.questions().size();
                }
            }

            assertThat(byHalf).as(set.getKey() + ": questions answered in the first 5, half embedded against"
                    + " keywords, of " + questions).isGreaterThanOrEqualTo(byKeywords);
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
        Eventually.until("every file but the refused embedded", INDEXED_WITHIN, () -> {
            RecallAnswer answer = recall.answer("warm up", 1);
            return answer.byMeaning() && answer.withoutVectors() == refused;
        });
    }

    private static int hitsAt5(Recall recall, List<RecallEvalSet.Question> questions) throws Exception {
        int hits = 0;
        for (RecallEvalSet.Question question : questions) {
            List<String> best = recall.search(question.question(), 5).stream().map(RecallMatch::path).toList();
            if (best.stream().anyMatch(question.memoryPaths()::contains)) {
                hits++;
            }
        }
        return hits;
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

package dev.memdir.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.Eventually;
import dev.memdir.memory.store.MemoryChanges;
import dev.memdir.memory.store.MemoryStore;
import dev.memdir.memory.store.StoreLimits;
import dev.memdir.recall.Embedder;
import dev.memdir.recall.Embedding;
import dev.memdir.recall.Recall;
import dev.memdir.recall.RecallAnswer;
import dev.memdir.recall.RecallMatch;
import dev.memdir.recall.model.BilingualModel;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Hybrid recall on every store, with the real models: background indexing, kept vectors, bounded queries. */
class HybridRecallTest extends OnEveryStore {

    private static final String POTTERY = "When did she start the pottery class?";
    private static final Duration INDEXED_WITHIN = Duration.ofMinutes(2);
    private static Embedder shared;

    /** The real models, counting what they are asked. */
    private final Counting model = new Counting();

    @BeforeEach
    void writeNotes() throws Exception {
        memory.write("hobbies/ceramics.md", "---\nname: ceramics\ndescription: a course\n---\n"
                + "Signed up for a ceramics course at the community studio in May; wheel throwing on Tuesdays.\n");
        memory.write("family/mia.md", "Her daughter Mia plays the violin and has a recital in the spring.\n");
        memory.write("health/allergies.md", "---\ndescription: what she cannot eat\n---\nAllergic to peanuts.\n");
        memory.write("爱好/陶艺.md", "五月份在社区工作室报名了陶艺课，每周二学拉坯。\n");
    }

    @Test
    void theFirstAnswerIsByKeywords_thenMeaningRanksOnceTheVectorsAreComputed() throws Exception {
        CountDownLatch loading = new CountDownLatch(1);
        Recall recall = Recall.toldOfChanges(memory.store, Optional.of(new Embedding(BilingualModel.MODEL, () -> {
            awaitUninterruptibly(loading);
            return model;
        }, 1)));

        RecallAnswer first = recall.answer(POTTERY, 10);
        loading.countDown();
        RecallAnswer indexed = awaitIndexed(recall);

        assertThat(first.byMeaning()).isFalse();
        assertThat(first.withoutVectors()).isEqualTo(4);
        assertThat(first.matches().get(0).path()).as("'she' is the rarest word shared")
                .isEqualTo("/memories/health/allergies.md");
        assertThat(indexed.matches().get(0).path()).isEqualTo("/memories/hobbies/ceramics.md");
        assertThat(indexed.matches()).allMatch(RecallMatch::byMeaning);
        assertThat(recall.answer("她什么时候开始学做陶瓷的？", 1).matches()).extracting(RecallMatch::path)
                .containsExactly("/memories/爱好/陶艺.md");
        assertThat(model.passages.get()).isEqualTo(4 * 1);
    }

    @Test
    void anotherProcessReadsTheKeptVectors_embeddingNothingAgain() throws Exception {
        awaitIndexed(hybrid(memory.store));
        int embeddedFirst = model.passages.get();
        awaitKept(memory.store);

        MemoryStore restarted = memory.another(StoreLimits.perFile(1 << 20), "restarted");
        try {
            RecallAnswer again = awaitIndexed(hybrid(restarted));

            assertThat(again.matches().get(0).path()).isEqualTo("/memories/hobbies/ceramics.md");
            assertThat(model.passages.get()).isEqualTo(embeddedFirst);
        } finally {
            restarted.close();
        }
    }

    @Test
    void aReportedChangeIsEmbeddedInTheBackground_onlyTheChangedFile() throws Exception {
        Recall recall = hybrid(memory.store);
        awaitIndexed(recall);
        int before = model.passages.get();

        memory.text("create", "path", "/memories/work/deploys.md", "file_text",
                "Deploys go through the canary pipeline, watched for an hour.\n");
        recall.changed(MemoryChanges.of(Set.of("work/deploys.md")));
        awaitPassages(before + 1);
        awaitIndexed(recall);

        RecallAnswer answer = recall.answer("how are releases rolled out gradually?", 3);
        assertThat(answer.matches().get(0).path()).isEqualTo("/memories/work/deploys.md");
        assertThat(model.passages.get()).isEqualTo(before + 1);
    }

    @Test
    void aHugeQueryIsEmbeddedByItsFirstThousandCharactersOnly() throws Exception {
        Recall recall = hybrid(memory.store);
        awaitIndexed(recall);

        RecallAnswer answer = recall.answer("pottery ".repeat(200_000), 5);

        assertThat(answer.byMeaning()).isTrue();
        assertThat(model.longestQuery.get()).isLessThanOrEqualTo(1_000);
    }

    @Test
    void aSegmentThatDoesNotDecodeIsLeftOut_andItsVectorsAreComputedAgain() throws Exception {
        memory.store.vectors().add("not a vector segment".getBytes());

        RecallAnswer answer = awaitIndexed(hybrid(memory.store));

        assertThat(answer.matches().get(0).path()).isEqualTo("/memories/hobbies/ceramics.md");
        assertThat(model.passages.get()).isEqualTo(4);
    }

    private Recall hybrid(MemoryStore store) {
        return Recall.toldOfChanges(store, Optional.of(new Embedding(BilingualModel.MODEL, () -> model, 1)));
    }

    private static RecallAnswer awaitIndexed(Recall recall) throws Exception {
        return Eventually.value("an answer by meaning over files that all have vectors", INDEXED_WITHIN,
                () -> recall.answer(POTTERY, 10), answer -> answer.byMeaning() && answer.withoutVectors() == 0);
    }

    /** Waits until the vectors were saved to the shelf, which follows their use by a moment. */
    private static void awaitKept(MemoryStore store) throws Exception {
        Eventually.until("the vectors kept on the shelf", INDEXED_WITHIN, () -> !store.vectors().segments().isEmpty());
    }

    private void awaitPassages(int count) throws Exception {
        Eventually.until(count + " passages embedded", INDEXED_WITHIN, () -> model.passages.get() >= count);
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static synchronized Embedder loaded() {
        if (shared == null) {
            shared = BilingualModel.load();
        }
        return shared;
    }

    /** The loaded models, counting the passages embedded and keeping the longest query. */
    private static final class Counting implements Embedder {
        final AtomicInteger passages = new AtomicInteger();
        final AtomicInteger longestQuery = new AtomicInteger();

        @Override
        public String model() {
            return loaded().model();
        }

        @Override
        public float[] passage(String text) {
            passages.incrementAndGet();
            return loaded().passage(text);
        }

        /** Not a memory's passage: uncounted. */
        @Override
        public float[] reference(String text) {
            return loaded().passage(text);
        }

        @Override
        public float[] query(String text) {
            longestQuery.accumulateAndGet(text.length(), Math::max);
            return loaded().query(text);
        }
    }
}

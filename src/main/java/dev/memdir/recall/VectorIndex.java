package dev.memdir.recall;

import dev.memdir.memory.store.VectorShelf;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One memory's vectors, computed in the background: the kept ones are read from the memory's shelf when recall is
 * first asked, and every content without one is queued, its passages embedded on the {@link Embedding} threads and
 * the vectors saved to the shelf once the queue runs dry. Contents are known by their SHA-256, so an unchanged file
 * is never embedded twice, not even after a restart or a rename.
 */
final class VectorIndex {

    private static final Logger log = LoggerFactory.getLogger(VectorIndex.class);
    static final int QUERY_CHARS = 1_000;

    private final Embedding embedding;
    private final StoredVectors stored;
    private final Supplier<Set<String>> live;
    private final Set<String> queued = ConcurrentHashMap.newKeySet();
    private final AtomicInteger embedded = new AtomicInteger();
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean reading = new AtomicBoolean();
    private final CountDownLatch read = new CountDownLatch(1);

    /** {@code live} returns the SHA-256s of the contents the memory holds now, the vectors worth keeping. */
    VectorIndex(Embedding embedding, Supplier<VectorShelf> shelf, Supplier<Set<String>> live) {
        this.embedding = embedding;
        this.stored = new StoredVectors(shelf, embedding.model() + " " + Passages.CUT);
        this.live = live;
    }

    /** Starts reading the kept vectors and loading the model, once; returns whether that had started before. */
    boolean start() {
        if (started.getAndSet(true)) {
            return true;
        }
        readKept(() -> {});
        embedding.ready();
        return false;
    }

    /**
     * Starts reading the kept vectors, and once read, when the memory kept any, loading the model: what a session
     * on a memory with kept vectors does at once, so that its first recall can rank by meaning. Starts nothing else.
     */
    void warmUp() {
        readKept(() -> {
            if (stored.any()) {
                embedding.ready();
            }
        });
    }

    /**
     * Waits at most {@code patience} for the kept vectors to be read and, when there are any, for the model to load;
     * returns at once when it has, or when the memory kept none.
     */
    void awaitKept(Duration patience) throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        if (read.await(patience.toNanos(), TimeUnit.NANOSECONDS) && stored.any()) {
            embedding.awaitReady(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        }
    }

    /** Reads the kept vectors on an embedding thread, once however often asked; {@code then} runs after the reading. */
    private void readKept(Runnable then) {
        if (reading.getAndSet(true)) {
            return;
        }
        embedding.run(() -> {
            try {
                stored.load();
            } catch (IOException | RuntimeException e) {
                log.warn("recall: cannot read the kept vectors, so they are computed again: {}", e.toString());
            }
            read.countDown();
            then.run();
        });
    }

    boolean started() {
        return started.get();
    }

    /** Returns whether recall can rank by meaning: the kept vectors were read and the model has loaded. */
    boolean ready() {
        return read.getCount() == 0 && embedding.ready().isPresent();
    }

    Optional<ContentVectors> vectors(String sha256) {
        return read.getCount() == 0 ? stored.get(sha256) : Optional.empty();
    }

    /**
     * Returns the vector of {@code query}, computed on this thread, or empty while the model is not ready. Only its
     * first {@value #QUERY_CHARS} characters count, so a huge query costs no more than a question.
     */
    Optional<float[]> query(String query) {
        if (!ready()) {
            return Optional.empty();
        }
        int end = Math.min(query.length(), QUERY_CHARS);
        if (end < query.length() && Character.isHighSurrogate(query.charAt(end - 1))) {
            end--;
        }
        try {
            return Optional.of(embedding.ready().get().query(query.substring(0, end)));
        } catch (ExitGuard.ExitingException exiting) {
            return Optional.empty();
        }
    }

    /**
     * Queues the content {@code sha256}, unless its vectors are known or already queued; {@code passages} reads its
     * passages when its turn comes (empty: the content is gone, and its successor is queued).
     */
    void want(String sha256, Supplier<Optional<List<String>>> passages) {
        if (stored.has(sha256) || !queued.add(sha256)) {
            return;
        }
        embedding.withModel(model -> {
            try {
                read.await();
                Optional<List<String>> texts = stored.has(sha256) ? Optional.empty() : passages.get();
                if (texts.isPresent() && !texts.get().isEmpty()) {
                    float[][] vectors = new float[texts.get().size()][];
                    for (int i = 0; i < vectors.length; i++) {
                        vectors[i] = model.passage(texts.get().get(i));
                    }
                    stored.put(sha256, ContentVectors.of(vectors[0].length, vectors));
                    embedded.incrementAndGet();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExitGuard.ExitingException exiting) {
                // The process is exiting: the content is embedded at a later start.
            } catch (RuntimeException e) {
                log.warn("recall: cannot embed a content, so keywords alone rank it: {}", e.toString());
            } finally {
                queued.remove(sha256);
                if (queued.isEmpty()) {
                    save();
                    model.rest();
                }
            }
        });
    }

    private void save() {
        int contents = embedded.getAndSet(0);
        if (contents > 0) {
            log.info("recall: embedded {} new contents", contents);
        }
        try {
            stored.save(live.get());
        } catch (IOException | RuntimeException e) {
            log.warn("recall: cannot keep the computed vectors with the memory: {}", e.toString());
        }
    }
}

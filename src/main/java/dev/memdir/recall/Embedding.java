package dev.memdir.recall;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedding model of the whole process and the threads that run it, shared by every memory it serves. The model
 * loads on the first call that needs it, on one of those threads, never on the caller's: until it has loaded, recall
 * ranks by keywords. The threads are daemons of the lowest priority, at most as many as the settings allow, and
 * idle ones end, so a server that never recalls keeps none.
 */
public final class Embedding {

    private static final Logger log = LoggerFactory.getLogger(Embedding.class);

    private final String model;
    private final Supplier<Embedder> loader;
    private final ThreadPoolExecutor workers;
    private CompletableFuture<Embedder> loaded;
    private volatile float[][] background;
    private ExitGuard exit;

    /**
     * {@code model} names the vectors {@code loader}'s model makes, so the kept ones are read before it has loaded;
     * {@code threads} is the most threads computing vectors at once.
     */
    public Embedding(String model, Supplier<Embedder> loader, int threads) {
        this.model = model;
        this.loader = loader;
        this.workers = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                daemons());
        workers.allowCoreThreadTimeOut(true);
    }

    String model() {
        return model;
    }

    /**
     * Returns the model if it has loaded (and embedded the {@link Background} sentences); else starts loading it
     * (once) and returns empty.
     */
    Optional<Embedder> ready() {
        CompletableFuture<Embedder> model = loading();
        return model.isDone() && !model.isCompletedExceptionally() ? Optional.of(model.join()) : Optional.empty();
    }

    /** Returns the vectors of the {@link Background} sentences, computed as the model loaded, once it has. */
    Optional<float[][]> background() {
        return ready().map(model -> background);
    }

    /** Waits at most {@code patience} for the model to load (starting it, once); returns whether it has loaded. */
    boolean awaitReady(Duration patience) throws InterruptedException {
        try {
            loading().get(patience.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (ExecutionException | TimeoutException notYet) {
            return false;
        }
    }

    /** Runs {@code work} on the embedding threads. */
    void run(Runnable work) {
        workers.execute(work);
    }

    /** Runs {@code work} on the embedding threads once the model has loaded (never, if it fails to). */
    void withModel(Consumer<Embedder> work) {
        loading().thenAcceptAsync(work, workers);
    }

    private synchronized CompletableFuture<Embedder> loading() {
        if (loaded == null) {
            exit = ExitGuard.atExit();
            loaded = CompletableFuture.supplyAsync(this::load, workers);
        }
        return loaded;
    }

    private Embedder load() {
        long start = System.nanoTime();
        try {
            Embedder embedder = exit.guarding(exit.call(loader));
            background = Background.vectors(embedder);
            log.info("recall: loaded the embedding model {} in {} ms", model,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
            return embedder;
        } catch (ExitGuard.ExitingException e) {
            throw e;
        } catch (RuntimeException | LinkageError e) {
            if (exit.exiting()) {
                // ONNX Runtime's own exit hook took its environment away under the load: no fault to report.
                throw new ExitGuard.ExitingException();
            }
            log.warn("recall: cannot load the embedding model {}, so recall ranks by keywords alone: {}", model,
                    e.toString());
            throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
        }
    }

    private static ThreadFactory daemons() {
        AtomicInteger count = new AtomicInteger();
        return work -> {
            Thread thread = new Thread(work, "memdir-embedding-" + count.incrementAndGet());
            thread.setDaemon(true);
            thread.setPriority(Thread.MIN_PRIORITY);
            return thread;
        };
    }
}

package dev.memdir.e2e.support;

import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A streamed answer of the real jar (a {@code subscriptions/listen} stream, a 2025-11-25 GET stream), read on a
 * thread of its own as it comes: its {@code data:} lines in order, and when it ended.
 */
public final class OpenStream implements AutoCloseable {

    private final CompletableFuture<HttpResponse<Stream<String>>> response;
    private final List<String> data = new ArrayList<>();
    private long endedAt;
    private Stream<String> lines;

    private OpenStream(HttpClient http, HttpRequest request) {
        response = http.sendAsync(request, HttpResponse.BodyHandlers.ofLines());
        Thread reader = new Thread(this::read, "open-stream");
        reader.setDaemon(true);
        reader.start();
    }

    public static OpenStream open(HttpClient http, HttpRequest request) {
        return new OpenStream(http, request);
    }

    private void read() {
        try {
            Stream<String> body = response.join().body();
            synchronized (this) {
                lines = body;
            }
            body.forEach(line -> {
                if (line.startsWith("data:")) {
                    synchronized (this) {
                        data.add(line.substring("data:".length()).strip());
                        notifyAll();
                    }
                }
            });
        } catch (UncheckedIOException | java.util.concurrent.CompletionException cutOff) {
            // the stream ended by failing: an end all the same
        } finally {
            synchronized (this) {
                endedAt = System.nanoTime();
                notifyAll();
            }
        }
    }

    /** Returns the HTTP status, once the head has come (within 30 s). */
    public int status() throws Exception {
        return response.get(30, TimeUnit.SECONDS).statusCode();
    }

    /** Returns how many data lines came so far: where what comes next begins. */
    public synchronized int mark() {
        return data.size();
    }

    public synchronized List<String> dataFrom(int mark) {
        return List.copyOf(data.subList(mark, data.size()));
    }

    /** Waits up to {@code patience} for a data line at or after {@code mark} that {@code wanted} accepts. */
    public synchronized boolean awaitData(int mark, Predicate<String> wanted, Duration patience)
            throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (data.subList(mark, data.size()).stream().noneMatch(wanted)) {
            long left = deadline - System.nanoTime();
            if (endedAt != 0 || left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    /** Waits up to {@code patience} for the end; returns the {@link System#nanoTime} it ended at, if it did. */
    public synchronized Optional<Long> awaitEnd(Duration patience) throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (endedAt == 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return Optional.empty();
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return Optional.of(endedAt);
    }

    @Override
    public void close() {
        Stream<String> body;
        synchronized (this) {
            body = lines;
        }
        if (body != null) {
            body.close();
        }
        response.cancel(true);
    }
}

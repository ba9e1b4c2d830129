package dev.memdir.http;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Reads a request's body while no thread waits for it (servlet asynchronous input: a connection whose body trickles
 * in holds a buffer, never a thread), then dispatches the request again with the body in its {@link #BODY} attribute.
 * The body grows its {@link BytesInFlight.Reservation} as it outgrows what was reserved (a body without
 * {@code Content-Length}). A body that comes slower than {@link #MIN_BYTES_PER_SECOND} (checked as each part of it
 * comes, from {@link #RATE_GRACE} after its first byte), that has not all come within its deadline ({@link #DEADLINE}
 * unless told otherwise), that is over the size allowed or that its reservation cannot hold is answered at once and
 * its connection closed, the rest unread.
 */
final class BodyRead implements ReadListener, AsyncListener {

    static final String BODY = BodyRead.class.getName();
    /** Far under any real client's pace (a 56 kbit/s line sends 7 KiB a second), far over a trickle's. */
    static final long MIN_BYTES_PER_SECOND = 1024;
    /** How long after its first byte a body is held to the rate. */
    static final Duration RATE_GRACE = Duration.ofSeconds(5);
    /** A body of 4 MiB (the default --max-request-bytes) arrives within it at 70 KiB a second. */
    static final Duration DEADLINE = Duration.ofSeconds(60);

    private static final int FIRST_BUFFER = 8 * 1024;
    private static final String TOO_SLOW = "the request body came slower than " + MIN_BYTES_PER_SECOND
            + " bytes a second";

    private final AsyncContext async;
    private final ServletInputStream in;
    private final long maxBytes;
    private final BytesInFlight.Reservation reservation;
    private final Duration deadline;
    private final Refusal refusal;
    private final Runnable failed;
    private final AtomicBoolean over = new AtomicBoolean();
    private byte[] body;
    private int length;
    private boolean begun;
    private long firstByteAt;

    private BodyRead(AsyncContext async, ServletInputStream in, long maxBytes, BytesInFlight.Reservation reservation,
            Duration deadline, Refusal refusal, Runnable failed, int declared) {
        this.async = async;
        this.in = in;
        this.maxBytes = Math.min(maxBytes, Integer.MAX_VALUE - 8);
        this.reservation = reservation;
        this.deadline = deadline;
        this.refusal = refusal;
        this.failed = failed;
        this.body = new byte[Math.max(declared, 0)];
    }

    /**
     * Starts reading the body of {@code request} within {@code limits}; its {@code Content-Length} (if any) is
     * already in {@code reservation}. A body that could not be read is answered as {@code refusal} words it, then
     * {@code failed} runs.
     */
    static void start(HttpServletRequest request, RequestLimits limits, BytesInFlight.Reservation reservation,
            Refusal refusal, Runnable failed) throws IOException {
        AsyncContext async = request.startAsync();
        async.setTimeout(limits.bodyDeadline().toMillis());
        BodyRead read = new BodyRead(async, request.getInputStream(), limits.maxRequestBytes(), reservation,
                limits.bodyDeadline(), refusal, failed,
                (int) Math.min(request.getContentLengthLong(), Integer.MAX_VALUE - 8));
        async.addListener(read);
        read.in.setReadListener(read);
    }

    @Override
    public void onDataAvailable() throws IOException {
        while (!over.get() && in.isReady()) {
            if (length < body.length) {
                int read = in.read(body, length, body.length - length);
                if (read < 0) {
                    return; // onAllDataRead follows
                }
                length += read;
            } else {
                // Full: the end of the body, or more than it declared (none declared, or the size is refused).
                int next = in.read();
                if (next < 0 || !grow()) {
                    return;
                }
                body[length++] = (byte) next;
            }
            if (tooSlow(System.nanoTime())) {
                refuse(408, TOO_SLOW);
            }
        }
    }

    /**
     * Returns whether the body has come slower than the minimum rate, counted from {@link #RATE_GRACE} after its first
     * byte: a small body sent in parts is not cut for a pause between them.
     */
    private boolean tooSlow(long now) {
        if (!begun) {
            begun = true;
            firstByteAt = now;
            return false;
        }
        long late = now - firstByteAt - RATE_GRACE.toNanos();
        return late > 0 && length < MIN_BYTES_PER_SECOND * late / TimeUnit.SECONDS.toNanos(1);
    }

    /** Makes room for more of the body, within its size and reservation; false when refused (and answered). */
    private boolean grow() {
        if (length >= maxBytes) {
            refuse(413, "the request body is over " + maxBytes + " bytes (--max-request-bytes)");
            return false;
        }
        int larger = (int) Math.min(Math.max(FIRST_BUFFER, 2L * body.length), maxBytes);
        Optional<BytesInFlight.Refusal> refusal = reservation.growTo(larger);
        if (refusal.isPresent()) {
            refuse(refusal.get().status(), refusal.get().reason());
            return false;
        }
        body = Arrays.copyOf(body, larger);
        return true;
    }

    @Override
    public void onAllDataRead() {
        if (over.compareAndSet(false, true)) {
            async.getRequest().setAttribute(BODY, length == body.length ? body : Arrays.copyOf(body, length));
            async.dispatch();
        }
    }

    @Override
    public void onError(Throwable failure) {
        if (idle(failure)) {
            refuse(408, TOO_SLOW);
        } else {
            refuse(400, "the request body could not be read");
        }
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        refuse(408, "the request body did not arrive within " + deadline.toSeconds() + " s");
    }

    @Override
    public void onError(AsyncEvent event) {
        onError(event.getThrowable());
    }

    @Override
    public void onComplete(AsyncEvent event) {
        // answered: by refuse, or by the dispatch that served the body
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // the dispatch that serves the body may start a stream of its own
    }

    /** Returns whether the connection went idle (no byte for Jetty's idle timeout, 30 s) while the body was read. */
    private static boolean idle(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof TimeoutException) {
                return true;
            }
        }
        return false;
    }

    /** Answers the request with {@code status} and ends it; the connection closes with the rest of the body unread. */
    private void refuse(int status, String reason) {
        if (!over.compareAndSet(false, true)) {
            return;
        }
        HttpServletResponse response = (HttpServletResponse) async.getResponse();
        try {
            response.setHeader("Connection", "close");
            if (status == 429 || status == 503) {
                response.setHeader("Retry-After", Long.toString(BytesInFlight.RETRY_AFTER_SECONDS));
            }
            refusal.write(response, status, reason);
        } catch (IOException | IllegalStateException gone) {
            // the client is gone or the answer was begun: the status stands for the log
        } finally {
            async.complete();
            failed.run();
        }
    }
}

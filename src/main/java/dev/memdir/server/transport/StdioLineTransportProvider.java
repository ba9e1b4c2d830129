package dev.memdir.server.transport;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.server.sdk.InitializeAnswer;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * The stdio transport, replacing the SDK's: a malformed line gets a JSON-RPC error and the session goes on,
 * blank lines are ignored, and when input ends every request already read is answered before it stops.
 */
public final class StdioLineTransportProvider implements McpServerTransportProvider {

    private static final Logger log = LoggerFactory.getLogger(StdioLineTransportProvider.class);

    /** Generous for any real message; past it a line is refused without being held in memory. */
    public static final int DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

    private final McpJsonMapper mcpJson;
    private final ObjectMapper json;
    private final InputStream in;
    private final OutboundWriter writer;
    private final Set<String> tools;
    private final int maxLineBytes;
    private final Duration drainTimeout;
    private final PendingRequests pending = new PendingRequests();
    private final CountDownLatch stopped = new CountDownLatch(1);
    /** Requests and notifications run one at a time in the order they arrived, as a client that pipelines expects. */
    private final ExecutorService worker = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "memdir-worker");
        thread.setDaemon(true);
        return thread;
    });
    private final CompletableFuture<McpServerSession> session = new CompletableFuture<>();
    private final CompletableFuture<ModernServing> modernServing = new CompletableFuture<>();
    private final ModernRequests modern;
    private Thread reader;
    private Optional<InitializeAnswer> earlyAnswer = Optional.empty();
    private volatile Object initializeId;
    /** The initialize response the transport wrote itself, to hold the SDK's against; null until written. */
    private volatile String earlyResponse;
    private volatile boolean initializedSeen;
    /** Complete once the initialize answer is out, or a 2026-07-28 request, which needs none, has come. */
    private final CompletableFuture<Void> initializeAnswered = new CompletableFuture<>();

    /** {@code tools} names the tools the server publishes: a call of any other is answered here, naming it. */
    public StdioLineTransportProvider(McpJsonMapper mcpJson, ObjectMapper json, InputStream in, OutputStream out,
            Set<String> tools, int maxLineBytes, Duration drainTimeout) {
        this.mcpJson = mcpJson;
        this.json = json;
        this.in = in;
        this.writer = new OutboundWriter(out);
        this.tools = Set.copyOf(tools);
        this.maxLineBytes = maxLineBytes;
        this.drainTimeout = drainTimeout;
        this.modern = new ModernRequests(modernServing, mcpJson, writer);
    }

    /** Runs {@code work} once the initialize answer is out: at once when it is already. */
    public void afterInitializeAnswer(Runnable work) {
        initializeAnswered.thenRun(work);
    }

    /** Serves 2026-07-28 requests with {@code serving}; those read before this wait for it in their turn. */
    public void serveModern(ModernServing serving) {
        modernServing.complete(serving);
    }

    /**
     * Starts reading input before the server is built, answering {@code initialize} with {@code answer} when there
     * is one; everything else waits for the session.
     */
    public synchronized void listen(Optional<InitializeAnswer> answer) {
        if (reader == null) {
            earlyAnswer = answer;
            reader = new Thread(this::readUntilEnd, "memdir-stdin");
            reader.start();
        }
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory sessionFactory) {
        session.complete(sessionFactory.create(new SessionTransport()));
        listen(Optional.empty());
    }

    /** Blocks until input has ended and every request read has been answered. */
    public void awaitStopped() throws InterruptedException {
        stopped.await();
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        McpServerSession current = session.getNow(null);
        return current == null ? Mono.empty() : current.sendNotification(method, params);
    }

    /** stdio has one session: a notification for it goes out, one for any other id is an error. */
    @Override
    public Mono<Void> notifyClient(String sessionId, String method, Object params) {
        McpServerSession current = session.getNow(null);
        if (current == null || !current.getId().equals(sessionId)) {
            return Mono.error(new IllegalStateException("No stdio session with id " + sessionId));
        }
        return current.sendNotification(method, params);
    }

    @Override
    public Mono<Void> closeGracefully() {
        McpServerSession current = session.getNow(null);
        return current == null ? Mono.empty() : current.closeGracefully();
    }

    private void readUntilEnd() {
        InboundDecoder decoder = new InboundDecoder(json, mcpJson, tools);
        LineReader lines = new LineReader(in, maxLineBytes);
        try {
            for (byte[] line = lines.next(); line != null; line = lines.next()) {
                if (initializeId == null && earlyResponse == null && earlyAnswer.isPresent()) {
                    decoder.initializeCall(line, maxLineBytes).ifPresent(this::answerEarly);
                }
                Inbound inbound = decoder.decode(line, maxLineBytes);
                if (inbound instanceof Inbound.Reply reply) {
                    log.warn("Answered a bad input line with: {}", reply.response().path("error").path("message"));
                    worker.execute(() -> writer.writeLine(reply.response().toString()));
                } else if (inbound instanceof Inbound.Modern request) {
                    modern.received(request.request());
                    worker.execute(() -> modern.answer(request.request()));
                    // A 2026-07-28 client sends no initialize: its first request is where its session begins.
                    initializeAnswered.complete(null);
                } else if (inbound instanceof Inbound.Message message && !cancelsModern(message.message())) {
                    dispatch(message.message());
                }
            }
        } catch (IOException e) {
            log.warn("Reading stdin failed, stopping: {}", e.getMessage());
        } finally {
            drain();
        }
    }

    private void dispatch(McpSchema.JSONRPCMessage message) {
        if (message instanceof McpSchema.JSONRPCRequest request) {
            boolean initialize = McpSchema.METHOD_INITIALIZE.equals(request.method());
            if (initializeId == null && !initialize) {
                worker.execute(() -> writer.writeLine(BeforeInitialize.answer(json.valueToTree(request.id()),
                        request.method())));
                return;
            }
            if (initialize && initializeId == null) {
                initializeId = request.id();
                if (earlyResponse != null) {
                    // Answered already: the session still takes it, to learn the client, and its answer is checked.
                    worker.execute(() -> handle(message));
                    return;
                }
            }
            pending.add(request.id());
        } else if (message instanceof McpSchema.JSONRPCNotification notification
                && McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(notification.method())) {
            initializedSeen = true;
            initializeAnswered.complete(null);
        }
        if (message instanceof McpSchema.JSONRPCResponse) {
            // A client's answer to a server request completes a waiting call; it must not queue behind it.
            handle(message);
        } else {
            worker.execute(() -> handle(message));
        }
    }

    /** Whether {@code message} cancels a 2026-07-28 request, which it then does; the session never sees it. */
    private boolean cancelsModern(McpSchema.JSONRPCMessage message) {
        return message instanceof McpSchema.JSONRPCNotification notification
                && ModernRequests.CANCELLED.equals(notification.method())
                && notification.params() instanceof Map<?, ?> params && params.get("requestId") != null
                && modern.cancel(params.get("requestId"));
    }

    /** Answers initialize before the session exists (the request still goes to the session after). */
    private void answerEarly(InitializeCall call) {
        String response = earlyAnswer.orElseThrow().response(call.id(), call.protocolVersion(), protocolVersions(),
                json.getFactory());
        earlyResponse = response;
        worker.execute(() -> {
            writer.writeLine(response);
            initializeAnswered.complete(null);
        });
    }

    private void handle(McpSchema.JSONRPCMessage message) {
        session.join().handle(message).subscribe(null, error -> log.error("Handling {} failed", message, error));
    }

    /**
     * Input has ended: let the worker finish everything queued (answers keep their order), then answer what
     * is still open with an error. Requests sent before the client's initialized notification can never
     * run, so they are answered at once, in their place in the queue.
     */
    private void drain() {
        try {
            if (!initializedSeen) {
                List<Object> stuck = pending.removeAllExcept(initializeId);
                worker.execute(() -> answerAll(stuck, "Server stopped: input ended before the session was initialized"));
            }
            long deadline = System.nanoTime() + drainTimeout.toNanos();
            worker.shutdown();
            worker.awaitTermination(drainTimeout.toMillis(), TimeUnit.MILLISECONDS);
            modern.end(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            long left = Math.max(0, (deadline - System.nanoTime()) / 1_000_000);
            answerAll(pending.awaitAnswered(left), "Server stopped: input ended before this request could be answered");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            worker.shutdownNow();
            session.join().close();
            stopped.countDown();
        }
    }

    private void answerAll(Iterable<Object> ids, String message) {
        for (Object id : ids) {
            writer.writeLine(JsonRpcErrors.response(json.valueToTree(id), JsonRpcErrors.INTERNAL_ERROR, message)
                    .toString());
        }
    }

    /** The session's view of the transport: messages go out through the one writer. */
    private final class SessionTransport implements McpServerTransport {

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return Mono.fromRunnable(() -> {
                String line;
                try {
                    line = mcpJson.writeValueAsString(message);
                } catch (IOException e) {
                    log.error("Could not serialise an outgoing message", e);
                    return;
                }
                if (message instanceof McpSchema.JSONRPCResponse response) {
                    if (earlyResponse != null && Objects.equals(response.id(), initializeId)) {
                        checkEarlyResponse(line);
                        return;
                    }
                    writer.writeLine(line);
                    pending.answered(response.id());
                } else {
                    writer.writeLine(line);
                }
            });
        }

        /** The SDK's own answer to initialize is not sent again; it can only confirm the one that was. */
        private void checkEarlyResponse(String line) {
            if (!line.equals(earlyResponse)) {
                log.error("The initialize answer sent, {}, differs from the SDK's, {}", earlyResponse, line);
            }
            earlyResponse = null;
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
            return mcpJson.convertValue(data, typeRef);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.empty();
        }
    }
}

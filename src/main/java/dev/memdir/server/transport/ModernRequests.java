package dev.memdir.server.transport;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.McpStdio;
import io.modelcontextprotocol.modern.server.McpHeaders;
import io.modelcontextprotocol.modern.server.McpTransportResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Flux;

/**
 * Serves 2026-07-28 requests. Each runs on the transport's worker in its turn, so answers keep the order requests
 * arrived in, as they do on 2025-11-25; a {@code subscriptions/listen} stream is acknowledged in its turn and then
 * stays open beside the queue until the client cancels it or input ends.
 */
final class ModernRequests {

    private static final Logger log = LoggerFactory.getLogger(ModernRequests.class);

    static final String CANCELLED = "notifications/cancelled";
    private static final String LISTEN = "subscriptions/listen";
    private static final Duration ACKNOWLEDGE_TIMEOUT = Duration.ofSeconds(30);

    private final CompletableFuture<ModernServing> serving;
    private final McpJsonMapper mcpJson;
    private final OutboundWriter writer;
    /** Requests read and not yet answered, by id key. */
    private final Set<Object> inFlight = ConcurrentHashMap.newKeySet();
    private final Set<Object> cancelled = ConcurrentHashMap.newKeySet();
    private final Map<Object, Disposable> listening = new ConcurrentHashMap<>();

    /** {@code serving} completes when the server is built; requests read before then wait for it in their turn. */
    ModernRequests(CompletableFuture<ModernServing> serving, McpJsonMapper mcpJson, OutboundWriter writer) {
        this.serving = serving;
        this.mcpJson = mcpJson;
        this.writer = writer;
    }

    /**
     * Whether a message is a 2026-07-28 request: one of the revision's own methods, or any request whose
     * {@code _meta} names a protocol version (a 2025-11-25 request never does). {@code initialize} is always
     * 2025-11-25's, whatever its {@code _meta} says: it starts that session, and the transport may have answered it
     * already (served here too, it was answered twice).
     */
    static boolean isModern(JsonNode message) {
        if (!message.has("id") || !message.path("method").isTextual()) {
            return false;
        }
        String method = message.get("method").asText();
        if ("initialize".equals(method)) {
            return false;
        }
        return "server/discover".equals(method) || LISTEN.equals(method)
                || message.path("params").path("_meta").has(McpSchema.MetaKeys.PROTOCOL_VERSION);
    }

    /** Notes a request as read, on the reader thread, so that a cancellation arriving before its turn finds it. */
    void received(JsonRpc.JSONRPCRequest request) {
        inFlight.add(McpStdio.idKey(request.id()));
    }

    /** Answers {@code request}; runs on the worker. A failure of the server itself is still an answer. */
    void answer(JsonRpc.JSONRPCRequest request) {
        Object key = McpStdio.idKey(request.id());
        if (cancelled.contains(key)) {
            answered(key);
            return;
        }
        try {
            McpTransportResponse response = serving.join().requests().handleBlocking(Stdio.CONTEXT, request).block();
            if (response instanceof McpTransportResponse.Streaming streaming && LISTEN.equals(request.method())) {
                listen(key, streaming.messages());
                return;
            }
            if (response instanceof McpTransportResponse.Streaming streaming) {
                streaming.messages().doOnNext(message -> write(key, message)).blockLast();
            } else {
                write(key, response instanceof McpTransportResponse.Result result ? result.response()
                        : ((McpTransportResponse.Error) response).response());
            }
        } catch (RuntimeException e) {
            log.error("Answering {} failed", request.method(), e);
            write(key, JsonRpc.JSONRPCResponse.error(request.id(), new JsonRpc.JSONRPCResponse.JSONRPCError(
                    McpSchema.ErrorCodes.INTERNAL_ERROR, "Internal error: " + e.getMessage())));
        }
        answered(key);
    }

    private void answered(Object key) {
        inFlight.remove(key);
        cancelled.remove(key);
    }

    /**
     * Ends a request the client cancelled: an open listen stream stops at once, a request not yet answered is
     * never answered. Returns false when {@code requestId} is no 2026-07-28 request in flight.
     */
    boolean cancel(Object requestId) {
        Object key = McpStdio.idKey(requestId);
        if (!inFlight.contains(key)) {
            return false;
        }
        cancelled.add(key);
        Disposable stream = listening.remove(key);
        if (stream != null) {
            stream.dispose();
            answered(key);
        }
        return true;
    }

    /** Input ended: every open listen stream gets its final result, within {@code timeout}. */
    void end(Duration timeout) throws InterruptedException {
        if (listening.isEmpty()) {
            return;
        }
        serving.join().endSubscriptions();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!listening.isEmpty() && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(10);
        }
        listening.values().forEach(Disposable::dispose);
    }

    /** Subscribes to a listen stream and returns once it is acknowledged, so later answers follow the acknowledgement. */
    private void listen(Object key, Flux<JsonRpc.JSONRPCMessage> messages) {
        CountDownLatch acknowledged = new CountDownLatch(1);
        // Held before subscribing: a stream that ends at once removes itself, and none stays behind.
        Disposable.Swap stream = Disposables.swap();
        listening.put(key, stream);
        stream.update(messages
                .doFinally(signal -> {
                    listening.remove(key);
                    answered(key);
                    acknowledged.countDown();
                })
                .subscribe(message -> {
                    write(key, message);
                    acknowledged.countDown();
                }, error -> log.warn("A subscription stream failed: {}", error.getMessage())));
        try {
            if (!acknowledged.await(ACKNOWLEDGE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("A subscription was not acknowledged within {}", ACKNOWLEDGE_TIMEOUT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void write(Object key, JsonRpc.JSONRPCMessage message) {
        if (cancelled.contains(key)) {
            return;
        }
        try {
            writer.writeLine(mcpJson.writeValueAsString(message));
        } catch (IOException e) {
            log.error("Could not serialise an outgoing message", e);
        }
    }

    /** A holder, so that a 2025-11-25 start loads none of the SDK's 2026-07-28 classes. */
    private static final class Stdio {

        /** stdio has no headers, so none are mirrored into tool parameters. */
        static final McpTransportContext CONTEXT =
                McpTransportContext.create(Map.of(McpHeaders.TRANSPORT_CONTEXT_KEY, McpHeaders.NOT_MIRRORED));
    }
}

package dev.memdir.bench;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Asks the recall template of a server a query, and asks it again until the answer was ranked by meaning over files
 * that all have their vectors: how an evaluation knows hybrid recall is ready.
 */
final class HybridWait {

    private static final String URI_PREFIX = "memdir://memory/recall?q=";
    /** Indexing 160 files takes seconds; a loaded machine, or a slow model load, gets far more than that. */
    private static final long VECTORS_DEADLINE_NANOS = TimeUnit.MINUTES.toNanos(30);
    private static final long PROGRESS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final long POLL_MILLIS = 500;

    private HybridWait() {}

    /** Asks {@code query}, percent-encoded, of the recall template. */
    static RecallEvalReply ask(McpPipe server, String query) throws IOException {
        McpPipe.Answer answer = server.request("resources/read", Map.of("uri",
                URI_PREFIX + URLEncoder.encode(query, StandardCharsets.UTF_8).replace("+", "%20")));
        return RecallEvalReply.of(answer);
    }

    /** Asks {@code query} until the answer was ranked hybrid throughout, saying how it goes every ten seconds. */
    static RecallEvalReply until(McpPipe server, String query, long since, String label)
            throws IOException, InterruptedException {
        long nextSay = since + PROGRESS_EVERY_NANOS;
        while (true) {
            RecallEvalReply reply = ask(server, query);
            long now = System.nanoTime();
            if (reply.hybridThroughout()) {
                return reply;
            }
            if (now - since > VECTORS_DEADLINE_NANOS) {
                throw server.failure(label + ": hybrid: \"" + query + "\" still answered " + reply.summary()
                        + " after 30 minutes");
            }
            if (now - nextSay > 0) {
                Progress.say(String.format("%s: hybrid: waiting for vectors (%s) for %.0f s", label,
                        reply.summary(), (now - since) / 1e9));
                nextSay = now + PROGRESS_EVERY_NANOS;
            }
            Thread.sleep(POLL_MILLIS);
        }
    }
}

package dev.memdir.e2e;

import static dev.memdir.e2e.Fuzzing.NODES;
import static dev.memdir.e2e.Fuzzing.STRICT;
import static dev.memdir.e2e.Fuzzing.abbreviate;
import static dev.memdir.e2e.Fuzzing.key;
import static dev.memdir.e2e.Fuzzing.previewBytes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A fuzz run's reader: every line the server writes, checked to be JSON-RPC as it comes (a line that is not becomes a
 * violation), on a thread of its own, with a latch for the answer to the run's last request.
 */
final class FuzzStdout {

    private final List<Received> received = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch finalSeen = new CountDownLatch(1);
    private final CountDownLatch ended = new CountDownLatch(1);
    private final Thread thread;

    /** Starts reading {@code lines}; {@code finalKey} is the id key of the last request the run sends. */
    FuzzStdout(FuzzStdout.LineSource lines, String finalKey, List<String> violations, String name) {
        thread = new Thread(() -> {
            try {
                for (byte[] raw = lines.next(); raw != null; raw = lines.next()) {
                    Received message = Received.parse(raw, received.size(), violations);
                    received.add(message);
                    if (message.response() && finalKey.equals(message.idKey())) {
                        finalSeen.countDown();
                    }
                }
            } catch (IOException e) {
                violations.add("reading stdout failed: " + e);
            } finally {
                finalSeen.countDown();
                ended.countDown();
            }
        }, name);
        thread.start();
    }

    /** What came so far (everything, once {@link #awaitEnd} returned true). */
    List<Received> received() {
        return received;
    }

    /** Whether the last request was answered (or stdout ended) within {@code seconds}. */
    boolean awaitFinal(long seconds) throws InterruptedException {
        return finalSeen.await(seconds, TimeUnit.SECONDS);
    }

    /** Whether stdout ended within {@code seconds}; then every line has been read. */
    boolean awaitEnd(long seconds) throws InterruptedException {
        boolean done = ended.await(seconds, TimeUnit.SECONDS);
        if (done) {
            thread.join();
        }
        return done;
    }

    /** One line the server wrote, already checked to be a JSON-RPC 2.0 message. */
    record Received(int index, JsonNode node, boolean valid, boolean response, String idKey) {

        static Received parse(byte[] raw, int index, List<String> violations) {
            String text;
            try {
                text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(raw)).toString();
            } catch (CharacterCodingException e) {
                return invalid(index, "stdout line " + index + " is not UTF-8: " + previewBytes(raw), violations);
            }
            JsonNode node;
            try {
                node = STRICT.readTree(text);
            } catch (JsonProcessingException e) {
                return invalid(index, "stdout line " + index + " is not JSON: " + previewBytes(raw), violations);
            }
            if (!node.isObject() || !"2.0".equals(node.path("jsonrpc").textValue())) {
                return invalid(index, "stdout line " + index + " is not a JSON-RPC 2.0 object: " + preview(node),
                        violations);
            }
            if (node.has("method")) {
                JsonNode id = node.get("id");
                boolean ok = node.get("method").isTextual() && !node.has("result") && !node.has("error")
                        && (id == null || id.isTextual() || id.isIntegralNumber());
                if (!ok) {
                    return invalid(index, "stdout line " + index + " is a malformed server message: " + preview(node),
                            violations);
                }
                return new Received(index, node, true, false, null);
            }
            JsonNode id = node.get("id");
            boolean hasResult = node.has("result");
            boolean hasError = node.has("error");
            boolean idOk = id != null && (id.isNull() || id.isTextual() || id.isIntegralNumber());
            boolean errorOk = !hasError || (node.get("error").isObject()
                    && node.get("error").path("code").isIntegralNumber()
                    && node.get("error").path("code").canConvertToInt()
                    && node.get("error").path("message").isTextual());
            if (!idOk || hasResult == hasError || !errorOk) {
                return invalid(index, "stdout line " + index + " is not a valid JSON-RPC response: " + preview(node),
                        violations);
            }
            if (id.isNull() && !hasError) {
                violations.add("stdout line " + index + " is a result with id null: " + preview(node));
            }
            return new Received(index, node, true, true, key(id));
        }

        private static Received invalid(int index, String why, List<String> violations) {
            violations.add(why);
            return new Received(index, NODES.nullNode(), false, false, null);
        }

        static String preview(JsonNode node) {
            return abbreviate(node.toString());
        }
    }

    /** Reads raw lines (split on newline only) from the server's stdout, so that no byte goes unchecked. */
    static final class LineSource {

        private final InputStream in;

        LineSource(InputStream in) {
            this.in = new BufferedInputStream(in, 1 << 16);
        }

        byte[] next() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b = in.read(); b != -1; b = in.read()) {
                if (b == '\n') {
                    return line.toByteArray();
                }
                line.write(b);
            }
            return line.size() == 0 ? null : line.toByteArray();
        }
    }
}

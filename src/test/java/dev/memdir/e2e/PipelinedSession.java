package dev.memdir.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The jar as a child process that any number of threads send requests to without waiting: each call
 * returns at once with a future that a reader thread completes when the answer with its id arrives.
 * Made for the reliability tests, which pipeline hundreds of writes and kill the process mid-stream.
 */
final class PipelinedSession implements AutoCloseable {

    private final Process process;
    private final OutputStream stdin;
    private final Map<String, CompletableFuture<JsonNode>> waiting = new ConcurrentHashMap<>();
    private final List<String> notJson = new CopyOnWriteArrayList<>();
    private final AtomicLong ids = new AtomicLong();
    private final Thread reader;
    private volatile boolean ended;

    private PipelinedSession(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        this.reader = new Thread(this::readUntilEnd, "pipelined-session-reader-" + process.pid());
        this.reader.setDaemon(true);
        this.reader.start();
    }

    /** Starts the jar without an inherited MEMDIR_ROOT, stderr appended to {@code stderr}; nothing is sent yet. */
    static PipelinedSession start(JarLauncher launcher, Path stderr) throws IOException {
        return new PipelinedSession(launcher.withoutEnv("MEMDIR_ROOT").stderrTo(stderr).start());
    }

    Process process() {
        return process;
    }

    /** Sends initialize, waits for its answer, then sends the initialized notification. */
    JsonNode initialize(Duration timeout) throws Exception {
        CompletableFuture<JsonNode> answer = register("init");
        send("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"pipelined-test\","
                + "\"version\":\"1\"}}}");
        JsonNode response = answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return response;
    }

    /** Sends a tools/call without waiting; the future holds the whole JSON-RPC response. */
    CompletableFuture<JsonNode> call(String tool, Map<String, Object> arguments) throws IOException {
        long id = ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = register(Long.toString(id));
        send(RawSession.toolCall(id, tool, arguments));
        return answer;
    }

    private CompletableFuture<JsonNode> register(String id) {
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        waiting.put(id, answer);
        if (ended) {
            answer.completeExceptionally(new IOException("stdout ended"));
        }
        return answer;
    }

    /** Writes one line; whole lines only, so that threads sharing the connection never interleave inside one. */
    synchronized void send(String line) throws IOException {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    /** Lines the server wrote to stdout that were not JSON (there must be none). */
    List<String> notJson() {
        return notJson;
    }

    private void readUntilEnd() {
        try (BufferedReader stdout = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = stdout.readLine(); line != null; line = stdout.readLine()) {
                JsonNode message;
                try {
                    message = RawSession.JSON.readTree(line);
                } catch (IOException e) {
                    notJson.add(line);
                    continue;
                }
                if (message.has("id") && !message.has("method")) {
                    CompletableFuture<JsonNode> answer = waiting.remove(message.get("id").asText());
                    if (answer != null) {
                        answer.complete(message);
                    }
                }
            }
        } catch (IOException e) {
            // The process died: every open call fails below.
        } finally {
            ended = true;
            IOException gone = new IOException("stdout ended before the answer");
            waiting.values().forEach(answer -> answer.completeExceptionally(gone));
        }
    }

    /** Waits until the reader has seen the end of stdout (after a kill or a clean exit). */
    void awaitEnd(Duration timeout) throws InterruptedException {
        reader.join(timeout.toMillis());
    }

    /** Kills the process at once (SIGKILL on Unix) and waits until it is gone and its output is read. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError("memdir " + process.pid() + " survived destroyForcibly for 30 s");
        }
        awaitEnd(Duration.ofSeconds(30));
    }

    /** Closes stdin (the MCP way to stop a stdio server) and returns the exit code. */
    int closeAndWait(Duration timeout) throws Exception {
        synchronized (this) {
            stdin.close();
        }
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("memdir did not exit within " + timeout + " after stdin closed");
        }
        awaitEnd(Duration.ofSeconds(10));
        return process.exitValue();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}

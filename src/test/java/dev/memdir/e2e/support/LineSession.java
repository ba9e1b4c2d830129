package dev.memdir.e2e.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * The real jar over stdio, spoken to in raw JSON-RPC lines: for what an SDK client never sends (malformed lines,
 * bursts, stdin closed with requests in flight), for the messages a server may or may not send, and for hundreds of
 * calls in flight at once from many threads. A reader thread takes every stdout line: the answer to a {@link #call}
 * completes its future, any other message is queued for {@link #next}, and a line that is not JSON is kept for
 * {@link #notJson()} (reading it fails).
 */
public final class LineSession implements AutoCloseable {

    public static final ObjectMapper JSON = new ObjectMapper();
    /** A message the server owes within this; generous for a loaded machine. */
    public static final Duration PATIENCE = Duration.ofSeconds(30);
    /** How long a start-up may take on a loaded machine with other servers starting. */
    private static final Duration START_PATIENCE = Duration.ofSeconds(60);

    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<Line> lines = new LinkedBlockingQueue<>();
    private final Map<String, CompletableFuture<JsonNode>> calls = new ConcurrentHashMap<>();
    private final List<String> notJson = new CopyOnWriteArrayList<>();
    private final AtomicLong ids = new AtomicLong();
    private final Thread reader;
    private volatile boolean readerEnded;
    private boolean ended;

    /** One stdout line as written, and its JSON (null when it is not JSON). */
    private record Line(String text, JsonNode json) {}

    /** Queued after the last line, once stdout has ended. */
    private static final Line END = new Line(null, null);

    private LineSession(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        this.reader = new Thread(this::readUntilEnd, "line-session-reader-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code launcher}'s line without an inherited MEMDIR_ROOT, stderr appended to {@code stderr}. */
    public static LineSession start(JarLauncher launcher, Path stderr) throws IOException {
        return new LineSession(launcher.withoutEnv("MEMDIR_ROOT").stderrTo(stderr).start());
    }

    /** Starts {@code java -jar memdir.jar --root root extraArgs...}. */
    public static LineSession start(Path root, Path stderr, String... extraArgs) throws IOException {
        return start(JarLauncher.plain(concat(List.of("--root", root.toString()), extraArgs)), stderr);
    }

    /** Starts the jar with no {@code --root}, in {@code directory}, with extra environment variables. */
    public static LineSession startIn(Path directory, Map<String, String> env, Path stderr) throws IOException {
        return start(JarLauncher.plain().in(directory).env(env), stderr);
    }

    /**
     * Starts the jar on {@code temp/memory}, in {@code temp/project} (so that no CLAUDE.md of this checkout is read),
     * stderr appended to {@code temp/stderr.log}. Two sessions started on one {@code temp} share the memory.
     */
    public static LineSession startIn(Path temp, String... extraArgs) throws IOException {
        Path project = Files.createDirectories(temp.resolve("project"));
        return start(JarLauncher.plain(concat(List.of("--root", temp.resolve("memory").toString()), extraArgs))
                .in(project), temp.resolve("stderr.log"));
    }

    /** Starts a 2025-11-25 session as {@link #startIn(Path, String...)} does: initialize, then initialized. */
    public static LineSession startLegacy(Path temp) throws IOException, InterruptedException {
        LineSession session = startIn(temp);
        session.initialize();
        return session;
    }

    private static String[] concat(List<String> first, String... rest) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }

    public Process process() {
        return process;
    }

    /** Sends initialize (2025-11-25) and the initialized notification; returns the initialize response. */
    public JsonNode initialize() throws IOException, InterruptedException {
        send("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"line-test\",\"version\":\"1\"}}}");
        JsonNode response = poll(START_PATIENCE).orElseThrow(() -> new AssertionError(
                "no answer to initialize within " + START_PATIENCE));
        if (!isResponseTo(response, "init")) {
            throw new AssertionError("expected the response to init, got " + response);
        }
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return response;
    }

    /** A 2025-11-25 tools/call line. */
    public static String toolCall(Object id, String tool, Map<String, Object> arguments) throws IOException {
        return JSON.writeValueAsString(Map.of("jsonrpc", "2.0", "id", id, "method", "tools/call",
                "params", Map.of("name", tool, "arguments", arguments)));
    }

    /** Writes one line; whole lines only, so that threads sharing the session never interleave inside one. */
    public void send(String line) throws IOException {
        sendBytes((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    public synchronized void sendBytes(byte[] bytes) throws IOException {
        stdin.write(bytes);
        stdin.flush();
    }

    /** Sends a tools/call without waiting; the future holds the whole JSON-RPC response, which skips the queue. */
    public CompletableFuture<JsonNode> call(String tool, Map<String, Object> arguments) throws IOException {
        long id = ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        calls.put(Long.toString(id), answer);
        if (readerEnded) {
            answer.completeExceptionally(new IOException("stdout ended"));
        }
        send(toolCall(id, tool, arguments));
        return answer;
    }

    /** The next message; fails when none comes within {@link #PATIENCE}, stdout has ended or the line is not JSON. */
    public JsonNode next() throws InterruptedException {
        return poll(PATIENCE).orElseThrow(() -> new AssertionError(ended
                ? "stdout ended" : "no message from memdir within " + PATIENCE));
    }

    /** The next message if one comes within {@code wait}; empty at the end of stdout too. */
    public Optional<JsonNode> poll(Duration wait) throws InterruptedException {
        if (ended) {
            return Optional.empty();
        }
        Line line = lines.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        if (line == END) {
            ended = true;
            return Optional.empty();
        }
        if (line != null && line.json() == null) {
            throw new AssertionError("memdir wrote a line that is not JSON: " + line.text());
        }
        return Optional.ofNullable(line).map(Line::json);
    }

    /** Every message up to and including the response with {@code id} (a String or a number). */
    public List<JsonNode> through(Object id) throws InterruptedException {
        return until(message -> isResponseTo(message, id), "response to " + id);
    }

    /** The response with {@code id}, failing when any other message comes first. */
    public JsonNode response(Object id) throws InterruptedException {
        JsonNode message = next();
        if (!isResponseTo(message, id)) {
            throw new AssertionError("expected the response to " + id + ", got " + message);
        }
        return message;
    }

    /** Reads until a message matches, returning it and everything before it. */
    public List<JsonNode> until(Predicate<JsonNode> wanted, String what) throws InterruptedException {
        List<JsonNode> seen = new ArrayList<>();
        while (true) {
            JsonNode message = poll(PATIENCE).orElseThrow(() -> new AssertionError("no " + what + " within "
                    + PATIENCE + "; saw " + seen));
            seen.add(message);
            if (wanted.test(message)) {
                return seen;
            }
        }
    }

    /** True for a response (not a request or notification) whose id is {@code id}: a String, or a number. */
    public static boolean isResponseTo(JsonNode message, Object id) {
        JsonNode messageId = message.get("id");
        if (message.has("method") || messageId == null) {
            return false;
        }
        return messageId.isTextual() ? messageId.asText().equals(id)
                : id instanceof Number n && messageId.canConvertToLong() && messageId.asLong() == n.longValue();
    }

    /** Closes stdin and returns every message after that, up to the end of stdout. */
    public List<JsonNode> closeInputAndReadRest() throws IOException, InterruptedException {
        closeInput();
        List<JsonNode> rest = new ArrayList<>();
        for (Optional<JsonNode> message = poll(PATIENCE); message.isPresent(); message = poll(PATIENCE)) {
            rest.add(message.get());
        }
        if (!ended) {
            throw new AssertionError("stdout did not end within " + PATIENCE + " after stdin closed; saw " + rest);
        }
        return rest;
    }

    /** Closes stdin (the MCP way to stop a stdio server) and returns the exit code. */
    public int closeAndWait(Duration timeout) throws IOException, InterruptedException {
        closeInput();
        int exit = waitForExit(timeout);
        reader.join(Duration.ofSeconds(10).toMillis());
        return exit;
    }

    /** Waits for the exit after stdin closed, within {@link #PATIENCE}. */
    public int waitForExit() throws InterruptedException {
        return waitForExit(PATIENCE);
    }

    private int waitForExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("memdir did not exit within " + timeout + " after stdin closed");
        }
        return process.exitValue();
    }

    private synchronized void closeInput() throws IOException {
        stdin.close();
    }

    /** Kills the process at once (SIGKILL on Unix) and waits until it is gone and its output is read. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError("memdir " + process.pid() + " survived destroyForcibly for 30 s");
        }
        reader.join(Duration.ofSeconds(30).toMillis());
    }

    /** Lines on stdout that were not JSON (there must be none). */
    public List<String> notJson() {
        return notJson;
    }

    private void readUntilEnd() {
        try (BufferedReader stdout = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = stdout.readLine(); line != null; line = stdout.readLine()) {
                take(line);
            }
        } catch (IOException e) {
            // The process died; the end is queued below.
        } finally {
            readerEnded = true;
            IOException gone = new IOException("stdout ended before the answer");
            calls.values().forEach(answer -> answer.completeExceptionally(gone));
            lines.add(END);
        }
    }

    private void take(String line) {
        JsonNode message;
        try {
            message = JSON.readTree(line);
        } catch (IOException e) {
            notJson.add(line);
            lines.add(new Line(line, null));
            return;
        }
        CompletableFuture<JsonNode> answer = message.has("id") && !message.has("method")
                ? calls.remove(message.get("id").asText()) : null;
        if (answer != null) {
            answer.complete(message);
        } else {
            lines.add(new Line(line, message));
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}

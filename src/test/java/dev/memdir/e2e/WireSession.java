package dev.memdir.e2e;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The real jar spoken to line by line, where a read can time out: for the messages a server may or may not send
 * (notifications/message, subscription updates) and for proving that one never came. A reader thread queues
 * every stdout line; a line that is not JSON is kept apart, for {@link #notJson()}.
 */
final class WireSession implements AutoCloseable {

    /** A message the server owes within this; generous for a loaded machine. */
    static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final JsonNode END = RawSession.JSON.nullNode();

    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
    private final List<String> notJson = new CopyOnWriteArrayList<>();
    private boolean ended;

    private WireSession(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        Thread reader = new Thread(this::readUntilEnd, "wire-session-reader-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts the jar on {@code temp/memory}, in {@code temp/project} (so that no CLAUDE.md of this checkout is read),
     * stderr appended to {@code temp/stderr.log}. Two sessions started on one {@code temp} share the memory.
     */
    static WireSession start(Path temp, String... extraArgs) throws IOException {
        Path project = Files.createDirectories(temp.resolve("project"));
        List<String> args = new ArrayList<>(List.of("--root", temp.resolve("memory").toString()));
        args.addAll(List.of(extraArgs));
        return new WireSession(JarLauncher.plain(args.toArray(String[]::new)).in(project).withoutEnv("MEMDIR_ROOT")
                .stderrTo(temp.resolve("stderr.log")).start());
    }

    /** Starts a 2025-11-25 session: initialize, its answer, then the initialized notification. */
    static WireSession startLegacy(Path temp) throws IOException, InterruptedException {
        WireSession session = start(temp);
        session.initialize();
        return session;
    }

    /** Sends initialize (2025-11-25) and the initialized notification; returns the initialize response. */
    JsonNode initialize() throws IOException, InterruptedException {
        send("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"wire-test\",\"version\":\"1\"}}}");
        JsonNode response = response("init");
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return response;
    }

    void send(String line) throws IOException {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    /** The next message; fails when none comes within {@link #PATIENCE} or stdout has ended. */
    JsonNode next() throws InterruptedException {
        return poll(PATIENCE).orElseThrow(() -> new AssertionError(ended
                ? "stdout ended" : "no message from memdir within " + PATIENCE));
    }

    /** The next message if one comes within {@code wait}; empty at the end of stdout too. */
    Optional<JsonNode> poll(Duration wait) throws InterruptedException {
        if (ended) {
            return Optional.empty();
        }
        JsonNode message = messages.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        if (message == END) {
            ended = true;
            return Optional.empty();
        }
        return Optional.ofNullable(message);
    }

    /** Every message up to and including the response with {@code id} (a String or a number). */
    List<JsonNode> through(Object id) throws InterruptedException {
        List<JsonNode> seen = new ArrayList<>();
        while (true) {
            JsonNode message = next();
            seen.add(message);
            if (isResponseTo(message, id)) {
                return seen;
            }
        }
    }

    /** The response with {@code id}, failing when any other message comes first. */
    JsonNode response(Object id) throws InterruptedException {
        JsonNode message = next();
        if (!isResponseTo(message, id)) {
            throw new AssertionError("expected the response to " + id + ", got " + message);
        }
        return message;
    }

    /** Reads until a message matches, returning it and everything before it. */
    List<JsonNode> until(Predicate<JsonNode> wanted, String what) throws InterruptedException {
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
    static boolean isResponseTo(JsonNode message, Object id) {
        JsonNode messageId = message.get("id");
        if (message.has("method") || messageId == null) {
            return false;
        }
        return messageId.isTextual() ? messageId.asText().equals(id)
                : id instanceof Number n && messageId.canConvertToLong() && messageId.asLong() == n.longValue();
    }

    /** Closes stdin and returns every message after that, up to the end of stdout. */
    List<JsonNode> closeInputAndReadRest() throws IOException, InterruptedException {
        stdin.close();
        List<JsonNode> rest = new ArrayList<>();
        for (Optional<JsonNode> message = poll(PATIENCE); message.isPresent(); message = poll(PATIENCE)) {
            rest.add(message.get());
        }
        if (!ended) {
            throw new AssertionError("stdout did not end within " + PATIENCE + " after stdin closed; saw " + rest);
        }
        return rest;
    }

    int waitForExit() throws InterruptedException {
        if (!process.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("memdir did not exit within " + PATIENCE + " after stdin closed");
        }
        return process.exitValue();
    }

    /** Lines on stdout that were not JSON (there must be none). */
    List<String> notJson() {
        return notJson;
    }

    private void readUntilEnd() {
        try (BufferedReader stdout = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = stdout.readLine(); line != null; line = stdout.readLine()) {
                try {
                    messages.add(RawSession.JSON.readTree(line));
                } catch (IOException e) {
                    notJson.add(line);
                }
            }
        } catch (IOException e) {
            // The process died; the end is queued below.
        } finally {
            messages.add(END);
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}

package dev.memdir.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.e2e.support.JarLauncher;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An MCP server as a child process spoken to over its stdin and stdout, one request at a time: write one line,
 * read lines until the answer with its id. An error answer, a tool result with {@code isError}, anything on
 * stdout that is not JSON-RPC, or an answer slower than two minutes fails with {@link BenchFailure}.
 */
final class McpPipe implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long TIMEOUT_NANOS = TimeUnit.MINUTES.toNanos(2);

    /** One answer: the whole JSON-RPC response and how long it took. */
    record Answer(JsonNode message, long nanos) {}

    private final Process process;
    private final long spawnedAt;
    private final Path stderr;
    private final OutputStream stdin;
    private final BufferedReader stdout;
    private volatile long deadline;
    private volatile boolean killedLate;
    private long lastId;

    private McpPipe(Process process, long spawnedAt, Path stderr) {
        this.process = process;
        this.spawnedAt = spawnedAt;
        this.stderr = stderr;
        this.stdin = process.getOutputStream();
        this.stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        Thread watchdog = new Thread(this::killWhenLate, "bench-watchdog-" + process.pid());
        watchdog.setDaemon(true);
        watchdog.start();
    }

    /**
     * Spawns {@code command} directly (no shell), so the process measured is the server itself. It gets this
     * environment without memdir settings ({@code MEMDIR_*}), plus {@code env}; its stderr is appended to
     * {@code stderr}.
     */
    static McpPipe start(List<String> command, Map<String, String> env, Path stderr) throws IOException {
        JarLauncher launcher = JarLauncher.of(command).withoutEnv(name -> name.startsWith("MEMDIR_")).env(env)
                .stderrTo(stderr);
        long spawnedAt = System.nanoTime();
        return new McpPipe(launcher.start(), spawnedAt, stderr);
    }

    /** Sends {@code initialize}; the answer's time counts from the spawn. */
    Answer initialize() throws IOException {
        return exchange("initialize", Map.of("protocolVersion", "2025-06-18", "capabilities", Map.of(),
                "clientInfo", Map.of("name", "memdir-bench", "version", "1")), true);
    }

    /** Sends {@code server/discover}, a 2026-07-28 client's first request; the answer's time counts from the spawn. */
    Answer discover() throws IOException {
        return exchange("server/discover", Map.of("_meta", Map.of("io.modelcontextprotocol/protocolVersion",
                "2026-07-28", "io.modelcontextprotocol/clientCapabilities", Map.of())), true);
    }

    /** Sends {@code initialize}, then the {@code notifications/initialized} that opens the session for requests. */
    void open() throws IOException {
        initialize();
        initialized();
    }

    /** Sends the {@code notifications/initialized} that opens the session, after {@code initialize} was answered. */
    void initialized() {
        write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
    }

    /** Calls a tool; the answer must be a result without {@code isError}. */
    Answer call(String tool, Map<String, Object> arguments) throws IOException {
        Answer answer = request("tools/call", Map.of("name", tool, "arguments", arguments));
        JsonNode result = answer.message().get("result");
        if (result.path("isError").asBoolean(false)) {
            throw failure(tool + " " + arguments.get("path") + " answered isError: " + result.path("content"));
        }
        return answer;
    }

    /** Sends one request; the answer must be a result. */
    Answer request(String method, Map<String, Object> params) throws IOException {
        return exchange(method, params, false);
    }

    /** The time since the process was spawned. */
    long nanosSinceSpawn() {
        return System.nanoTime() - spawnedAt;
    }

    /** The process's peak resident set size so far ({@code VmHWM}), in KiB. */
    long peakRssKib() throws IOException {
        return statusKib("VmHWM");
    }

    /** The process's resident set size now ({@code VmRSS}), in KiB. */
    long rssKib() throws IOException {
        return statusKib("VmRSS");
    }

    private long statusKib(String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
            if (line.startsWith(field + ":")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw failure("/proc/" + process.pid() + "/status has no " + field + " line");
    }

    /**
     * The CPU time (user and system, all threads) the process has used so far, in nanoseconds: unlike the wall
     * time, it hardly grows when other processes load the machine.
     */
    long cpuNanos() {
        return process.info().totalCpuDuration().orElseThrow(() -> failure("no CPU time for the process")).toNanos();
    }

    /** Closes stdin, the MCP way to stop a stdio server, and waits for a clean exit. */
    void closeAndWait() throws IOException, InterruptedException {
        stdin.close();
        if (!process.waitFor(1, TimeUnit.MINUTES)) {
            throw failure("the server did not exit within a minute after stdin closed");
        }
        if (process.exitValue() != 0) {
            throw failure("the server exited with " + process.exitValue());
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    private Answer exchange(String method, Map<String, Object> params, boolean fromSpawn) throws IOException {
        long id = ++lastId;
        String line = JSON.writeValueAsString(Map.of("jsonrpc", "2.0", "id", id, "method", method,
                "params", params)) + "\n";
        long sentAt = System.nanoTime();
        deadline = sentAt + TIMEOUT_NANOS;
        write(line);
        while (true) {
            String received = stdout.readLine();
            long arrivedAt = System.nanoTime();
            if (received == null) {
                throw failure(killedLate ? "no answer to " + method + " within two minutes: killed"
                        : "stdout ended before the answer to " + method);
            }
            JsonNode message = parse(received);
            if (message.has("method")) {
                if (message.has("id")) {
                    throw failure("the server sent a request this client does not answer: " + abbreviate(received));
                }
                continue;
            }
            deadline = 0;
            if (message.path("id").asLong(-1) != id) {
                throw failure("expected the answer to request " + id + " (" + method + "), got "
                        + abbreviate(received));
            }
            if (!message.has("result")) {
                throw failure(method + " failed: " + abbreviate(received));
            }
            return new Answer(message, arrivedAt - (fromSpawn ? spawnedAt : sentAt));
        }
    }

    private void write(String line) {
        try {
            stdin.write(line.getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            throw failure("could not write to the server: " + e.getMessage());
        }
    }

    private JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException notJson) {
            throw failure("stdout carried a line that is not JSON: " + abbreviate(line));
        }
    }

    private void killWhenLate() {
        while (process.isAlive()) {
            long due = deadline;
            if (due != 0 && System.nanoTime() - due > 0) {
                killedLate = true;
                process.destroyForcibly();
                return;
            }
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** A failure that names this server and where its stderr is. */
    BenchFailure failure(String message) {
        return new BenchFailure(message + " (server " + process.pid() + ", stderr in " + stderr + ")");
    }

    private static String abbreviate(String line) {
        return line.length() <= 500 ? line : line.substring(0, 500) + "...";
    }
}

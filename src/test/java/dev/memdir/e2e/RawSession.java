package dev.memdir.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The real jar as a child process, spoken to line by line, for what an SDK client never sends:
 * malformed lines, pipelined requests, stdin closed with requests in flight.
 */
final class RawSession implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final OutputStream stdin;
    private final BufferedReader stdout;

    private RawSession(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        this.stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    static RawSession start(Path root, Path stderr, String... extraArgs) throws IOException {
        List<String> args = new ArrayList<>(List.of("--root", root.toString()));
        args.addAll(List.of(extraArgs));
        return new RawSession(JarLauncher.plain(args.toArray(String[]::new)).stderrTo(stderr).start());
    }

    /** Starts the jar with no {@code --root}, in {@code directory}, with extra environment variables. */
    static RawSession startIn(Path directory, Map<String, String> env, Path stderr) throws IOException {
        return new RawSession(JarLauncher.plain().in(directory).withoutEnv("MEMDIR_ROOT").env(env).stderrTo(stderr)
                .start());
    }

    /** Sends initialize and the initialized notification, and returns the initialize response. */
    JsonNode initialize() throws IOException {
        send("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw-test\",\"version\":\"1\"}}}");
        JsonNode response = read();
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return response;
    }

    void send(String line) throws IOException {
        sendBytes((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    void sendBytes(byte[] bytes) throws IOException {
        stdin.write(bytes);
        stdin.flush();
    }

    static String toolCall(Object id, String tool, Map<String, Object> arguments) throws IOException {
        return JSON.writeValueAsString(Map.of("jsonrpc", "2.0", "id", id, "method", "tools/call",
                "params", Map.of("name", tool, "arguments", arguments)));
    }

    /** Reads the next stdout line as JSON; every line the server writes must be JSON. */
    JsonNode read() throws IOException {
        String line = stdout.readLine();
        if (line == null) {
            throw new IOException("stdout ended");
        }
        return JSON.readTree(line);
    }

    /** Closes stdin and returns every line written after that, up to the end of stdout. */
    List<String> closeInputAndReadRest() throws IOException {
        stdin.close();
        List<String> lines = new ArrayList<>();
        for (String line = stdout.readLine(); line != null; line = stdout.readLine()) {
            lines.add(line);
        }
        return lines;
    }

    int waitForExit() throws InterruptedException {
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("memdir did not exit within 30 s after stdin closed");
        }
        return process.exitValue();
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}

package dev.memdir.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.e2e.support.HttpAnswer;
import dev.memdir.e2e.support.JarLauncher;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code scripts/bench --http}: concurrent clients over HTTP against {@code memdir serve --http}, on the directory
 * store beside PostgreSQL (a server of the bench's own, fsync on). Each client sends 2026-07-28 requests, every one
 * a POST of its own, in a fixed mix on files of its own: create, view, str_replace, a read of the index and a view of
 * its directory. Prints one table; a benchmark, so it fails only when a call fails, never on timing.
 * Options: {@code --work DIR} (required) {@code --clients N --calls N --store URL}.
 */
public final class HttpLoadBench {

    static final String USAGE = "options: --work DIR [--clients N] [--calls N] [--store URL]";
    private static final String INDEX = "memdir://memory/index";
    private static final Pattern SERVING = Pattern.compile("memdir: serving (http://[^/]+/mcp)");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The calls of one cycle of the mix, in order. */
    private static final int CYCLE = 5;

    private HttpLoadBench() {}

    public static void main(String[] args) throws Exception {
        Path work = null;
        int clients = 50;
        int calls = 200;
        String store = null;
        for (ListIterator<String> it = Arrays.asList(args).listIterator(); it.hasNext(); ) {
            String option = it.next();
            switch (option) {
                case "--work" -> work = Path.of(next(option, it));
                case "--clients" -> clients = Integer.parseInt(next(option, it));
                case "--calls" -> calls = Integer.parseInt(next(option, it));
                case "--store" -> store = next(option, it);
                default -> fail("unknown option " + option + "; " + USAGE);
            }
        }
        if (work == null) {
            fail("--work is required; " + USAGE);
        }
        try {
            String load = loadAverage();
            Table directory = measure(work, "directory", List.of("--root", work.resolve("memory").toString()),
                    clients, calls);
            String url = store == null ? BenchPostgres.start() : store;
            // A namespace of its own each run: a database given with --store keeps what earlier runs wrote.
            Table postgres = measure(work, "postgresql", List.of("--store", url, "--namespace",
                    "bench/" + UUID.randomUUID()), clients, calls);
            Table table = Table.beside("directory", directory, "postgresql", postgres);
            table.note(clients + " clients at once x " + calls + " calls each over HTTP/1.1 on loopback, every call"
                    + " a 2026-07-28 POST; the mix per client, in turn: create, view, str_replace, read "
                    + INDEX + ", view of its own directory");
            table.note("latency is each call's round trip as its client saw it; calls/s = all calls / wall time; write"
                    + " = create and str_replace, read = view, index read and directory view");
            table.note("RSS = the server's VmRSS, idle after start-up (before) and at the end of the load (after)");
            table.note("load average (1, 5, 15 min) before: " + load + "; after: " + loadAverage());
            table.note("serve --http with --rate 100000: the default 50 a second per principal would refuse most");
            table.note("ratio = postgresql / directory");
            table.print(System.out);
            System.out.println(Machine.describe());
        } catch (BenchFailure failure) {
            fail(failure.getMessage());
        }
    }

    private static Table measure(Path work, String name, List<String> storeArgs, int clients, int calls)
            throws Exception {
        Path logs = Files.createDirectories(work.resolve("logs"));
        List<String> args = new ArrayList<>(List.of("serve", "--http", "127.0.0.1:0", "--rate", "100000",
                "--project", Files.createDirectories(work.resolve("project")).toString(),
                "--managed-dir", Files.createDirectories(work.resolve("managed")).toString()));
        args.addAll(storeArgs);
        Path stderr = logs.resolve(name + ".err");
        Process server = JarLauncher.plain(args.toArray(String[]::new))
                .env("HOME", Files.createDirectories(work.resolve("home")).toString())
                .emptyStdin().stdoutTo(logs.resolve(name + ".out")).stderrTo(stderr).start();
        try {
            URI mcp = servingUrl(server, stderr);
            Progress.say(name + ": serving " + mcp + "; " + clients + " clients x " + calls + " calls");
            HttpClient setup = HttpClient.newHttpClient();
            call(setup, mcp, 0, "create", Map.of("path", "/memories/MEMORY.md",
                    "file_text", "- c*/: one directory per bench client\n"));
            long before = rssKib(server.pid());
            Load load = run(mcp, clients, calls);
            long after = rssKib(server.pid());
            Table table = new Table(name, "");
            table.add("calls (all answered without error)", new Figure(Integer.toString(load.latencies().length),
                    load.latencies().length));
            table.add("calls/s", Figure.perSecond(load.latencies().length, load.wallNanos()));
            Stats latency = new Stats(load.latencies());
            table.add("latency p50 ms", Figure.millisOf(latency.median()));
            table.add("latency p99 ms", Figure.millisOf(latency.p99()));
            table.add("latency max ms", Figure.millisOf(latency.max()));
            for (boolean writing : new boolean[] {true, false}) {
                Optional<Stats> kind = load.of(calls, writing);
                if (kind.isPresent()) {
                    String label = writing ? "write" : "read";
                    table.add(label + " latency p50 ms", Figure.millisOf(kind.get().median()));
                    table.add(label + " latency p99 ms", Figure.millisOf(kind.get().p99()));
                }
            }
            table.add("server RSS before MiB", Figure.mebibytesOf(before));
            table.add("server RSS after MiB", Figure.mebibytesOf(after));
            return table;
        } finally {
            server.destroy();
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    /** Every client's latencies, client after client, each in the order of its calls. */
    private record Load(long[] latencies, long wallNanos) {

        /**
         * The latencies of the writing calls (create, str_replace) or of the reading ones, {@code calls} a client;
         * empty when there are none (a single call a client reads nothing).
         */
        Optional<Stats> of(int calls, boolean writing) {
            long[] chosen = new long[latencies.length];
            int count = 0;
            for (int i = 0; i < latencies.length; i++) {
                if (writes(i % calls) == writing) {
                    chosen[count++] = latencies[i];
                }
            }
            return count == 0 ? Optional.empty() : Optional.of(new Stats(Arrays.copyOf(chosen, count)));
        }
    }

    /** Whether a client's call number {@code call} writes: the create or the str_replace of {@link #client}'s mix. */
    private static boolean writes(int call) {
        int kind = call % CYCLE;
        return kind == 0 || kind == 2;
    }

    private static Load run(URI mcp, int clients, int calls) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<long[]>> results = new ArrayList<>();
            long start = System.nanoTime();
            for (int c = 0; c < clients; c++) {
                int client = c;
                results.add(pool.submit(() -> client(mcp, client, calls)));
            }
            long[] all = new long[clients * calls];
            List<String> errors = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                try {
                    System.arraycopy(results.get(c).get(30, TimeUnit.MINUTES), 0, all, c * calls, calls);
                } catch (java.util.concurrent.ExecutionException e) {
                    errors.add("client " + c + ": " + e.getCause().getMessage());
                }
            }
            long wall = System.nanoTime() - start;
            if (!errors.isEmpty()) {
                throw new BenchFailure(errors.size() + " of " + clients + " clients met an error; "
                        + String.join("; ", errors.subList(0, Math.min(5, errors.size()))));
            }
            return new Load(all, wall);
        } finally {
            pool.shutdownNow();
        }
    }

    /** One client's calls on its own connection; the latency of each; throws at the first error. */
    private static long[] client(URI mcp, int client, int calls) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(30)).build();
        long[] latencies = new long[calls];
        String dir = "/memories/c" + client;
        for (int i = 0; i < calls; i++) {
            String file = dir + "/f" + (i / CYCLE) + ".md";
            long start = System.nanoTime();
            switch (i % CYCLE) {
                case 0 -> call(http, mcp, i, "create", Map.of("path", file, "file_text", "client " + client
                        + "\nversion 0\n"));
                case 1 -> expect(call(http, mcp, i, "view", Map.of("path", file)), "version 0");
                case 2 -> call(http, mcp, i, "str_replace", Map.of("path", file, "old_str", "version 0",
                        "new_str", "version 1"));
                case 3 -> read(http, mcp, i, INDEX);
                default -> expect(call(http, mcp, i, "view", Map.of("path", dir)), "f" + (i / CYCLE) + ".md");
            }
            latencies[i] = System.nanoTime() - start;
        }
        return latencies;
    }

    private static void expect(JsonNode result, String text) {
        if (!result.toString().contains(text)) {
            throw new BenchFailure("an answer without '" + text + "': " + result);
        }
    }

    private static JsonNode call(HttpClient http, URI mcp, int id, String tool, Map<String, Object> arguments)
            throws IOException, InterruptedException {
        JsonNode result = post(http, mcp, request(id, "tools/call", Map.of("name", tool, "arguments", arguments)));
        if (result.path("isError").asBoolean(false)) {
            throw new BenchFailure(tool + " " + arguments.get("path") + " answered an error: " + result);
        }
        return result;
    }

    private static JsonNode read(HttpClient http, URI mcp, int id, String uri)
            throws IOException, InterruptedException {
        return post(http, mcp, request(id, "resources/read", Map.of("uri", uri)));
    }

    private static String request(int id, String method, Map<String, Object> params) throws IOException {
        Map<String, Object> withMeta = new java.util.LinkedHashMap<>(params);
        withMeta.put("_meta", Map.of("io.modelcontextprotocol/protocolVersion", "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities", Map.of(),
                "io.modelcontextprotocol/clientInfo", Map.of("name", "memdir-bench", "version", "1")));
        return JSON.writeValueAsString(Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", withMeta));
    }

    /** POSTs one request; its result, from a JSON body or the last event of an SSE one. */
    private static JsonNode post(HttpClient http, URI mcp, String body) throws IOException, InterruptedException {
        JsonNode sent = JSON.readTree(body);
        String method = sent.get("method").asText();
        JsonNode params = sent.get("params");
        // 2026-07-28 names the tool or resource in a header too, so that a router need not read the body.
        String name = params.has("name") ? params.get("name").asText() : params.get("uri").asText();
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(mcp).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("Mcp-Method", method)
                .header("Mcp-Name", name)
                .header("MCP-Protocol-Version", "2026-07-28")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new BenchFailure(method + " got HTTP " + response.statusCode() + ": " + response.body());
        }
        String text = HttpAnswer.message(response);
        JsonNode message = JSON.readTree(text);
        if (message.has("error") || !message.has("result")) {
            throw new BenchFailure(method + " answered " + text);
        }
        return message.get("result");
    }

    private static URI servingUrl(Process server, Path stderr) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Matcher serving = SERVING.matcher(Files.readString(stderr));
            if (serving.find()) {
                return URI.create(serving.group(1));
            }
            if (!server.isAlive()) {
                throw new BenchFailure("memdir serve exited " + server.exitValue() + ": " + Files.readString(stderr));
            }
            Thread.sleep(50);
        }
        throw new BenchFailure("memdir serve printed no serving line: " + Files.readString(stderr));
    }

    /** The VmRSS of {@code pid} in KiB, from /proc. */
    private static long rssKib(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw new BenchFailure("no VmRSS in /proc/" + pid + "/status");
    }

    private static String loadAverage() throws IOException {
        String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
        return fields[0] + " " + fields[1] + " " + fields[2];
    }

    private static String next(String option, ListIterator<String> it) {
        if (!it.hasNext()) {
            fail(option + " needs a value; " + USAGE);
        }
        return it.next();
    }

    private static void fail(String message) {
        System.err.println("bench: FAILED: " + message);
        System.exit(1);
    }
}

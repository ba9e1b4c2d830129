package dev.memdir.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Many memdir processes on one memory in the given store, each inserting lines at the top of one shared file, one
 * call at a time: lines landed per second over all of them, then a check that every line is in the file once. An
 * insert answered busy (a store's writers kept beating it for all of {@code --store-timeout}; nothing was changed)
 * is sent again, as a client would, and counted in a row of its own.
 */
record WritersSection(Workspace workspace, Launches launches, BenchStore store, int writers, int inserts) {

    private static final String FILE = "/memories/writers.md";
    private static final String INITIAL = "# writers\n";
    private static final Pattern NUMBERED = Pattern.compile("\\s*\\d+\\t(.*)");
    private static final Pattern NEXT_PAGE = Pattern.compile("Use view_range \\[(\\d+), -1\\]");
    private static final String BUSY = "Error: memory store busy";

    void addTo(Table table) throws IOException, InterruptedException {
        Progress.say(writers + " processes x " + inserts + " inserts into one file in the " + store.name() + " store");
        Path root = workspace.directory("writers-root");
        Launch launch = launches.memdir(Launches.recommendedLine(), store, root, List.of("--max-file-bytes", "2M"));
        List<McpPipe> servers = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(writers);
        try {
            for (int w = 0; w < writers; w++) {
                McpPipe server = launch.start(workspace.log("writer-" + w));
                servers.add(server);
                server.open();
            }
            servers.get(0).call("create", Map.of("path", FILE, "file_text", INITIAL));
            AtomicLong busy = new AtomicLong();
            long nanos = insertAll(servers, threads, busy);
            check(servers.get(0));
            for (McpPipe server : servers) {
                server.closeAndWait();
            }
            table.add(String.format(Locale.ROOT, "%d writers x %,d inserts, one file (lines/s)", writers, inserts),
                    Figure.perSecond((long) writers * inserts, nanos));
            table.add(String.format(Locale.ROOT, "%d writers, inserts answered busy and sent again", writers),
                    new Figure(Long.toString(busy.get()), busy.get()));
        } finally {
            threads.shutdownNow();
            servers.forEach(McpPipe::close);
        }
    }

    /** Every writer inserts its lines at once with the others; returns the time until the last one is done. */
    private long insertAll(List<McpPipe> servers, ExecutorService threads, AtomicLong busy)
            throws InterruptedException {
        long start = System.nanoTime();
        List<Future<?>> done = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            McpPipe server = servers.get(w);
            String prefix = "w" + w + "-";
            done.add(threads.submit(() -> {
                for (int i = 0; i < inserts; i++) {
                    Map<String, Object> insert = Map.of("path", FILE, "insert_line", 0, "insert_text", prefix + i);
                    while (answeredBusy(server, insert)) {
                        busy.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        for (Future<?> writer : done) {
            try {
                writer.get();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof BenchFailure failure ? failure
                        : new BenchFailure("a writer failed: " + e.getCause());
            }
        }
        return System.nanoTime() - start;
    }

    /** Sends the insert; true when it was answered busy, and so changed nothing. */
    private static boolean answeredBusy(McpPipe server, Map<String, Object> insert) throws IOException {
        JsonNode result = server.request("tools/call", Map.of("name", "insert", "arguments", insert)).message()
                .get("result");
        if (result.path("isError").asBoolean(false)) {
            if (result.at("/content/0/text").asText().startsWith(BUSY)) {
                return true;
            }
            throw server.failure("insert " + FILE + " answered isError: " + result.path("content"));
        }
        return false;
    }

    /** Views the file, page by page, and checks it holds every inserted line exactly once and nothing else. */
    private void check(McpPipe server) throws IOException {
        Map<String, Integer> seen = new HashMap<>();
        for (String line : fileLines(server)) {
            if (line.matches("w\\d+-\\d+")) {
                seen.merge(line, 1, Integer::sum);
            }
        }
        for (int w = 0; w < writers; w++) {
            for (int i = 0; i < inserts; i++) {
                int count = seen.getOrDefault("w" + w + "-" + i, 0);
                if (count != 1) {
                    throw server.failure(FILE + " holds w" + w + "-" + i + " " + count + " times, not once");
                }
            }
        }
        if (seen.size() != writers * inserts) {
            throw server.failure(FILE + " holds " + seen.size() + " inserted lines, not " + writers * inserts);
        }
    }

    /** The file's lines, through as many views as its length takes (a view is paged past 16,000 characters). */
    private static List<String> fileLines(McpPipe server) throws IOException {
        List<String> lines = new ArrayList<>();
        int next = 1;
        while (next > 0) {
            String text = server.call("view", Map.of("path", FILE, "view_range", List.of(next, -1))).message()
                    .at("/result/content/0/text").asText();
            next = 0;
            for (String line : text.lines().toList()) {
                Matcher numbered = NUMBERED.matcher(line);
                Matcher notice = NEXT_PAGE.matcher(line);
                if (numbered.matches()) {
                    lines.add(numbered.group(1));
                } else if (notice.find()) {
                    next = Integer.parseInt(notice.group(1));
                }
            }
        }
        return lines;
    }
}

package dev.memdir.bench;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The requests memdir makes to an S3 store per call, counted by a {@link CountingProxy} between memdir and the
 * bucket: a start to a first view's answer, then in one process {@code view}, {@code str_replace} and
 * {@code create} of a small file and a view of the big directory. A call's requests are those from its sending
 * until none has come for {@link #QUIET_MILLIS} after its answer, so that what a commit leaves to the background
 * (the hint's put) counts too. Each row is the median of {@link #SAMPLES} calls, as the watcher's poll (one request
 * every 2 s) lands in a few of them; a note lists the requests of that median call.
 */
record RequestsSection(Workspace workspace, Launches launches, S3Bench bucket, int bigFiles) {

    static final int SAMPLES = 11;
    static final long QUIET_MILLIS = 300;
    private static final int STARTS = 3;
    private static final String FIRST_VIEW = ScaleSection.BIG_DIRECTORY + "/note-00000.md";
    private static final Pattern KEY_KIND = Pattern.compile("(?:^|/)(?:ns/[^/]+/)?(commits|latest|bases|blobs|probe)");

    /** One of the counted calls. */
    private interface Call {
        void on(McpPipe server) throws IOException;
    }

    /** The requests of one call, and when its answer came. */
    private record Counted(List<CountingProxy.Request> requests, long answered) {

        String describe() {
            List<String> before = new ArrayList<>();
            List<String> after = new ArrayList<>();
            for (CountingProxy.Request request : requests) {
                (request.nanos() > answered ? after : before).add(kind(request.line()));
            }
            return String.join(", ", before)
                    + (after.isEmpty() ? "" : "; after the answer: " + String.join(", ", after));
        }
    }

    void addTo(Table table) throws IOException, InterruptedException {
        Progress.say("requests per call on the S3 store, through a counting proxy: " + SAMPLES + " calls each");
        Path root = workspace.directory("requests-root");
        ScaleSection.writeBigDirectory(root.resolve("big"), bigFiles);
        try (CountingProxy proxy = CountingProxy.start(bucket.endpoint().orElseThrow())) {
            Launch launch = launches.memdir(Launches.recommendedLine(),
                    bucket.store(Optional.of(proxy.endpoint()), workspace), root, List.of());
            List<Counted> starts = new ArrayList<>();
            for (int i = 0; i < STARTS; i++) {
                starts.add(countStart(proxy, launch));
            }
            add(table, "start to a first view's answer", starts);
            try (McpPipe server = launch.start(workspace.log("requests"))) {
                server.open();
                SmallFileCalls small = new SmallFileCalls();
                small.prepare(server);
                add(table, "view, small file", count(proxy, server, small::view));
                add(table, "str_replace, small file", count(proxy, server, small::strReplace));
                add(table, "create, small new file", count(proxy, server, small::create, small::delete));
                add(table, String.format(Locale.ROOT, "view of a directory of %,d files", bigFiles),
                        count(proxy, server, s -> ScaleSection.viewBigDirectory(s, bigFiles)));
                server.closeAndWait();
            }
        }
    }

    private Counted countStart(CountingProxy proxy, Launch launch) throws IOException, InterruptedException {
        int mark = proxy.count();
        try (McpPipe server = launch.start(workspace.log("requests-start"))) {
            server.open();
            server.call("view", Map.of("path", FIRST_VIEW));
            long answered = System.nanoTime();
            proxy.awaitQuiet(QUIET_MILLIS);
            Counted counted = new Counted(proxy.since(mark), answered);
            server.closeAndWait();
            return counted;
        }
    }

    private List<Counted> count(CountingProxy proxy, McpPipe server, Call call) throws IOException,
            InterruptedException {
        return count(proxy, server, call, s -> {});
    }

    /** {@link #SAMPLES} calls counted, each followed by {@code undo}, not counted. */
    private List<Counted> count(CountingProxy proxy, McpPipe server, Call call, Call undo) throws IOException,
            InterruptedException {
        List<Counted> samples = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) {
            proxy.awaitQuiet(QUIET_MILLIS);
            int mark = proxy.count();
            call.on(server);
            long answered = System.nanoTime();
            proxy.awaitQuiet(QUIET_MILLIS);
            samples.add(new Counted(proxy.since(mark), answered));
            undo.on(server);
        }
        return samples;
    }

    private static void add(Table table, String call, List<Counted> samples) {
        List<Counted> sorted = new ArrayList<>(samples);
        sorted.sort(Comparator.comparingInt(counted -> counted.requests().size()));
        Counted median = sorted.get((sorted.size() + 1) / 2 - 1);
        int requests = median.requests().size();
        table.add("requests, " + call + " (median)", new Figure(Integer.toString(requests), requests));
        table.note("requests, " + call + ": " + median.describe());
    }

    /** A request line as what it does to which kind of key: {@code PUT commits}, {@code LIST commits}. */
    static String kind(String line) {
        String[] parts = line.split(" ");
        String target = URLDecoder.decode(parts[1], StandardCharsets.UTF_8);
        int query = target.indexOf('?');
        String path = query < 0 ? target : target.substring(0, query);
        String parameters = query < 0 ? "" : target.substring(query + 1);
        if (parameters.contains("list-type=2")) {
            return "LIST " + keyKind(parameters.replaceAll(".*prefix=([^&]*).*", "$1"));
        }
        if (parameters.startsWith("delete")) {
            return "DELETE objects";
        }
        return parts[0] + " " + keyKind(path);
    }

    private static String keyKind(String key) {
        Matcher matcher = KEY_KIND.matcher(key);
        return matcher.find() ? matcher.group(1) : key;
    }
}

package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Recall over {@code files} generated notes ({@link RealisticNotes}) in {@code store}, keywords beside hybrid, each
 * a memdir process on the same memory. The hybrid server's first recall starts the background indexing, timed until
 * a recall's JSON says {@code "withoutVectors": 0} (polled); then both servers answer the same questions in turns,
 * {@code warmUp} and then {@code questions} timed ones, every question different (hybrid's must come ranked by
 * vectors, keywords' by keywords), and their resident memory is read. Last, a hybrid server restarted on the same
 * memory is timed from its first recall to hybrid again, with the CPU it spent: vectors are kept with the memory,
 * so it embeds nothing again.
 */
record HybridRecallSection(Workspace workspace, Launches launches, BenchStore store, int files, int warmUp,
        int questions) {

    private static final long POLL_MILLIS = 500;
    private static final long PROGRESS_NANOS = TimeUnit.SECONDS.toNanos(15);

    /** The time from a hybrid server's first recall to one with every file's vector, and the CPU it spent. */
    private record Indexing(long nanos, long cpuNanos) {}

    /**
     * What one server was measured at: its answers' times, its prompt hook's (the tool {@code context} a prompt of
     * Claude Code's calls), and its resident memory after them.
     */
    private record Served(long[] nanos, long[] hookNanos, long rssKib, long peakRssKib) {}

    void addTo(Table table) throws IOException, InterruptedException {
        Path seed = workspace.directory("recall-" + files);
        Progress.say(String.format(Locale.ROOT, "hybrid recall on the %s store: writing %,d notes", store.name(),
                files));
        RealisticNotes.write(seed, files);
        List<String> where = store.open(seed, List.of());
        List<String> all = RealisticNotes.questions(warmUp + questions + 1);
        List<String> asked = all.subList(0, warmUp + questions);
        String poll = all.get(warmUp + questions);
        Launch hybrid = RecallMode.HYBRID.launch(launches, store, where);
        Served keywordsServed;
        Served hybridServed;
        Indexing indexing;
        try (McpPipe keywords = RecallMode.KEYWORDS.launch(launches, store, where)
                .start(workspace.log("recall-keywords-" + files));
                McpPipe vectors = hybrid.start(workspace.log("recall-hybrid-" + files))) {
            keywords.open();
            vectors.open();
            indexing = awaitIndexed(vectors, poll, "indexing");
            Progress.say(String.format(Locale.ROOT, "recall over %,d files: %d warm-up and %d timed questions to each"
                    + " of keywords and hybrid, in turns", files, warmUp, questions));
            long[][] nanos = new long[2][questions];
            long[][] hookNanos = new long[2][questions];
            for (int i = 0; i < asked.size(); i++) {
                long keywordsNanos = ask(keywords, RecallMode.KEYWORDS, asked.get(i));
                long hybridNanos = ask(vectors, RecallMode.HYBRID, asked.get(i));
                long keywordsHook = promptHook(keywords, asked.get(i), i);
                long hybridHook = promptHook(vectors, asked.get(i), i);
                if (i >= warmUp) {
                    nanos[0][i - warmUp] = keywordsNanos;
                    nanos[1][i - warmUp] = hybridNanos;
                    hookNanos[0][i - warmUp] = keywordsHook;
                    hookNanos[1][i - warmUp] = hybridHook;
                }
            }
            keywordsServed = new Served(nanos[0], hookNanos[0], keywords.rssKib(), keywords.peakRssKib());
            hybridServed = new Served(nanos[1], hookNanos[1], vectors.rssKib(), vectors.peakRssKib());
            keywords.closeAndWait();
            vectors.closeAndWait();
        }
        Indexing restart;
        try (McpPipe again = hybrid.start(workspace.log("recall-restart-" + files))) {
            again.open();
            restart = awaitIndexed(again, poll, "restart");
            again.closeAndWait();
        }
        addRows(table, keywordsServed, hybridServed, indexing, restart);
        OneCall keywordsOnce = oneCall(RecallMode.KEYWORDS.launch(launches, store, where), asked);
        OneCall hybridOnce = oneCall(hybrid, asked);
        String size = String.format(Locale.ROOT, "%,d files", files);
        table.add("one call a process, on the memory that keeps vectors, " + size + ": start to initialize (median/max"
                + " ms; goal: the same)", Figure.medianMax(new Stats(keywordsOnce.initialize())),
                Figure.medianMax(new Stats(hybridOnce.initialize())));
        table.add("one call a process, " + size + ": start to its first recall's answer (median/max ms)",
                Figure.medianMax(new Stats(keywordsOnce.recall())), Figure.medianMax(new Stats(hybridOnce.recall())));
        table.add("one call a process, " + size + ": first recalls ranked by meaning (of " + ONE_CALL_STARTS
                + "; goal: all)", null, new Figure(Integer.toString(hybridOnce.byMeaning()), hybridOnce.byMeaning()));
    }

    /** Processes started for one recall each: their times to initialize and to the recall's answer, from the spawn. */
    private record OneCall(long[] initialize, long[] recall, int byMeaning) {}

    private static final int ONE_CALL_STARTS = 5;

    /** {@value #ONE_CALL_STARTS} processes of {@code launch}, each asked one recall as it starts, then stopped. */
    private OneCall oneCall(Launch launch, List<String> questions) throws IOException, InterruptedException {
        Progress.say("one recall a process, " + ONE_CALL_STARTS + " starts of " + launch.name());
        long[] initialize = new long[ONE_CALL_STARTS];
        long[] recall = new long[ONE_CALL_STARTS];
        int byMeaning = 0;
        for (int i = 0; i < ONE_CALL_STARTS; i++) {
            try (McpPipe server = launch.start(workspace.log("recall-one-call-" + files))) {
                initialize[i] = server.initialize().nanos();
                server.initialized();
                RecallRead read = RecallRead.of(server, questions.get(i));
                recall[i] = server.nanosSinceSpawn();
                byMeaning += read.ranking().equals("hybrid") ? 1 : 0;
                server.closeAndWait();
            }
        }
        return new OneCall(initialize, recall, byMeaning);
    }

    private void addRows(Table table, Served keywords, Served hybrid, Indexing indexing, Indexing restart) {
        String size = String.format(Locale.ROOT, "%,d files", files);
        table.add("recall, " + size + ", after indexing (median/p99 ms" + latencyGoal() + ")",
                Figure.medianP99(new Stats(keywords.nanos())), Figure.medianP99(new Stats(hybrid.nanos())));
        table.add("prompt hook (tool context, UserPromptSubmit), " + size + " (median/p95 ms"
                + (files == 1_000 ? "; goal: p95 <= 50" : "") + ")", Figure.medianP95(new Stats(keywords.hookNanos())),
                Figure.medianP95(new Stats(hybrid.hookNanos())));
        table.add(String.format(Locale.ROOT, "server RSS after %d recalls, %s (VmRSS MiB)", warmUp + questions, size),
                Figure.mebibytesOf(keywords.rssKib()), Figure.mebibytesOf(hybrid.rssKib()));
        table.add("server peak RSS, " + size + " (VmHWM MiB)", Figure.mebibytesOf(keywords.peakRssKib()),
                Figure.mebibytesOf(hybrid.peakRssKib()));
        table.add("RSS of hybrid above keywords, " + size + " (VmRSS MiB; goal: <= 150)", null,
                Figure.mebibytesOf(hybrid.rssKib() - keywords.rssKib()));
        table.add("background indexing, " + size + ", first recall to \"withoutVectors\": 0 (files/s; goal: >= 30)",
                null, Figure.perSecond(files, indexing.nanos()));
        table.add("background indexing, " + size + ", first recall to \"withoutVectors\": 0 (ms)", null,
                Figure.millisOf(indexing.nanos()));
        table.add("background indexing, " + size + " (files per second of the server's CPU)", null,
                Figure.perSecond(files, indexing.cpuNanos()));
        table.add("server CPU, first recall to \"withoutVectors\": 0, " + size + " (ms)", null,
                Figure.millisOf(indexing.cpuNanos()));
        table.add("restart on the same memory, first recall to hybrid again, " + size + " (ms)", null,
                Figure.millisOf(restart.nanos()));
        table.add("server CPU, restart's first recall to hybrid again, " + size + " (ms)", null,
                Figure.millisOf(restart.cpuNanos()));
    }

    private String latencyGoal() {
        return files == 1_000 ? "; goal: hybrid median <= 20" : files == 10_000 ? "; goal: hybrid median <= 100" : "";
    }

    /**
     * Sends a hybrid server's first recall of {@code question}, which answers by keywords and starts the indexing,
     * then asks it again until it comes ranked by vectors with {@code "withoutVectors": 0}; times that from the first
     * recall's sending. The question is none of those timed after, which a server could have kept the vector of.
     */
    private Indexing awaitIndexed(McpPipe server, String question, String what)
            throws IOException, InterruptedException {
        Progress.say(String.format(Locale.ROOT, "%s of %,d files on the %s store: polling recall every %d ms until"
                + " \"withoutVectors\": 0", what, files, store.name(), POLL_MILLIS));
        long deadline = TimeUnit.MINUTES.toNanos(5) + files * TimeUnit.MILLISECONDS.toNanos(500);
        long startCpu = server.cpuNanos();
        long start = System.nanoTime();
        long said = start;
        while (true) {
            RecallRead read = RecallRead.of(server, question);
            long now = System.nanoTime();
            if (read.withoutVectors().isEmpty()) {
                throw server.failure("a hybrid recall's JSON has no \"withoutVectors\": " + read.abbreviated());
            }
            if (read.fullyHybrid()) {
                return new Indexing(now - start, server.cpuNanos() - startCpu);
            }
            if (now - start > deadline) {
                throw server.failure(what + " of " + files + " files did not end within "
                        + TimeUnit.NANOSECONDS.toSeconds(deadline) + " s: " + read.abbreviated());
            }
            if (now - said > PROGRESS_NANOS) {
                Progress.say(String.format(Locale.ROOT, "%s: %d s, \"ranking\": \"%s\", \"withoutVectors\": %d", what,
                        TimeUnit.NANOSECONDS.toSeconds(now - start), read.ranking(), read.withoutVectors().getAsInt()));
                said = now;
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    /** Sends a question as Claude Code's prompt hook does, in a session of its own; returns the time it took. */
    private static long promptHook(McpPipe server, String question, int session) throws IOException {
        return server.call("context", Map.of("event", "UserPromptSubmit", "session", "bench-" + session, "prompt",
                question)).nanos();
    }

    /** Asks one question; the answer must be ranked as {@code mode} ranks, fully. Returns the time it took. */
    private static long ask(McpPipe server, RecallMode mode, String question) throws IOException {
        RecallRead read = RecallRead.of(server, question);
        boolean asExpected = mode == RecallMode.HYBRID ? read.fullyHybrid()
                : read.ranking().equals("keywords") && read.withoutVectors().isEmpty();
        if (!asExpected) {
            throw server.failure("a " + mode.label() + " recall of '" + question + "' answered otherwise ranked: "
                    + read.abbreviated());
        }
        return read.nanos();
    }
}

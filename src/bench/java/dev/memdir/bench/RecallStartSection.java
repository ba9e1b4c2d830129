package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Start-up with recall hybrid (the default, no option) beside {@code --recall keywords}, on a memory of
 * {@code notes} generated notes in {@code store}: to the {@code initialize} answer and to a first tool call's answer
 * (a {@code view}) with recall not used, where the two must not differ (nothing of the model loads at start), and
 * to a first recall's answer, which hybrid must give at once by keywords (checked) while the model loads behind
 * it. One untimed start of each kind, then the timed starts in turns (keywords, hybrid), so that a burst of load
 * elsewhere falls on both alike.
 */
record RecallStartSection(Workspace workspace, Launches launches, BenchStore store, int notes, int starts) {

    private static final String NOTE = "/memories/people/part-0/note-0.md";

    /** The figures of one mode, a sample per start. */
    private record Samples(long[] initialize, long[] view, long[] peakRssKib, long[] recall) {
        Samples(int starts) {
            this(new long[starts], new long[starts], new long[starts], new long[starts]);
        }
    }

    void addTo(Table table) throws IOException, InterruptedException {
        Progress.say("recall start-up on the " + store.name() + " store, " + notes + " notes: " + starts
                + " rounds of starts to initialize, a first view and a first recall, keywords and hybrid");
        Path seed = workspace.directory("recall-start-" + notes);
        RealisticNotes.write(seed, notes);
        List<String> where = store.open(seed, List.of());
        Launch keywords = RecallMode.KEYWORDS.launch(launches, store, where);
        Launch hybrid = launches.memdir(Launches.recommendedLine(), where).withEnv(store.env());
        List<String> questions = RealisticNotes.questions(2 * starts + 2);
        Samples keywordsSamples = new Samples(starts);
        Samples hybridSamples = new Samples(starts);
        startToView(keywords, keywordsSamples, -1);
        startToView(hybrid, hybridSamples, -1);
        startToRecall(keywords, RecallMode.KEYWORDS, questions.get(0), keywordsSamples, -1);
        startToRecall(hybrid, RecallMode.HYBRID, questions.get(1), hybridSamples, -1);
        for (int round = 0; round < starts; round++) {
            startToView(keywords, keywordsSamples, round);
            startToView(hybrid, hybridSamples, round);
            startToRecall(keywords, RecallMode.KEYWORDS, questions.get(2 + 2 * round), keywordsSamples, round);
            startToRecall(hybrid, RecallMode.HYBRID, questions.get(3 + 2 * round), hybridSamples, round);
        }
        table.add("start to the initialize answer (median/max ms; goal: the same)",
                medianMax(keywordsSamples.initialize()), medianMax(hybridSamples.initialize()));
        table.add("start to a first view's answer (median/max ms; goal: the same)", medianMax(keywordsSamples.view()),
                medianMax(hybridSamples.view()));
        table.add("peak RSS at a first view's answer (median MiB)",
                Figure.mebibytesOf(new Stats(keywordsSamples.peakRssKib()).median()),
                Figure.mebibytesOf(new Stats(hybridSamples.peakRssKib()).median()));
        table.add(String.format(Locale.ROOT, "start to a first recall's answer, %,d files (median/max ms; goal:"
                + " hybrid by keywords, as fast)", notes), medianMax(keywordsSamples.recall()),
                medianMax(hybridSamples.recall()));
    }

    private static Figure medianMax(long[] nanos) {
        return Figure.medianMax(new Stats(nanos));
    }

    /** One start to the answer of a first {@code view}; a sample in round {@code round} unless it is -1 (untimed). */
    private void startToView(Launch launch, Samples samples, int round) throws IOException, InterruptedException {
        try (McpPipe server = launch.start(workspace.log("recall-start"))) {
            long initialize = server.initialize().nanos();
            server.initialized();
            server.call("view", Map.of("path", NOTE));
            long view = server.nanosSinceSpawn();
            long peakRssKib = server.peakRssKib();
            server.closeAndWait();
            if (round >= 0) {
                samples.initialize()[round] = initialize;
                samples.view()[round] = view;
                samples.peakRssKib()[round] = peakRssKib;
            }
        }
    }

    /**
     * One start to the answer of a first recall of {@code question}, which must be ranked by keywords: in hybrid,
     * one ranked by vectors waited for the model.
     */
    private void startToRecall(Launch launch, RecallMode mode, String question, Samples samples, int round)
            throws IOException, InterruptedException {
        try (McpPipe server = launch.start(workspace.log("recall-start"))) {
            server.open();
            RecallRead read = RecallRead.of(server, question);
            long recall = server.nanosSinceSpawn();
            if (!read.ranking().equals("keywords")) {
                throw server.failure("the first recall of a " + mode.label() + " start answered \"ranking\": \""
                        + read.ranking() + "\", not \"keywords\": " + read.abbreviated());
            }
            server.closeAndWait();
            if (round >= 0) {
                samples.recall()[round] = recall;
            }
        }
    }
}

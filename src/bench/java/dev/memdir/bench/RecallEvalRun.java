package dev.memdir.bench;

import dev.memdir.recall.RecallEvalSet;
import dev.memdir.recall.RecallEvalSet.Question;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One server started with {@code --recall MODE} on a new memory in {@code store} holding the set's memory files, asked
 * every question of the set through {@code memdir://memory/recall?q=...}. In hybrid mode it first asks the first
 * question until the answer says every file has its vector (the indexing time runs from that first question, which
 * starts the indexing); a later answer that does not say so is asked again until it does, so that every hybrid
 * figure is of hybrid ranking over all files.
 */
record RecallEvalRun(Workspace workspace, Launches launches, BenchStore store, RecallEvalSet set, String mode) {

    static final String KEYWORDS = "keywords";
    static final String HYBRID = "hybrid";

    private static final String URI_PREFIX = "memdir://memory/recall?q=";
    /** Indexing 160 files takes seconds; a loaded machine, or a slow model load, gets far more than that. */
    private static final long VECTORS_DEADLINE_NANOS = TimeUnit.MINUTES.toNanos(30);
    private static final long PROGRESS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final long POLL_MILLIS = 500;

    /**
     * What one mode found: for each question of the set, in order, the rank of its first answer file (0: none listed)
     * and the time its answer took; the indexing time (0 in keywords mode); how many answers were asked again.
     */
    record Result(String mode, int[] ranks, long[] answerNanos, long indexingNanos, int askedAgain) {}

    Result run() throws IOException, InterruptedException {
        Progress.say("recall-eval: " + mode + ": " + set.questions().size() + " questions");
        Path seed = workspace.directory("memories");
        TempTrees.copy(set.memories(), seed);
        Launch launch = launches.memdir(Launches.recommendedLine(), store, seed, List.of())
                .withArgs(List.of("--recall", mode));
        int[] ranks = new int[set.questions().size()];
        long[] answerNanos = new long[ranks.length];
        long indexingNanos = 0;
        int askedAgain = 0;
        try (McpPipe server = launch.start(workspace.log("recall-" + mode))) {
            server.open();
            if (mode.equals(HYBRID)) {
                long start = System.nanoTime();
                untilHybrid(server, set.questions().get(0), start);
                indexingNanos = System.nanoTime() - start;
                Progress.say(String.format("recall-eval: hybrid: every file had its vector after %.1f s",
                        indexingNanos / 1e9));
            }
            for (int i = 0; i < ranks.length; i++) {
                Question question = set.questions().get(i);
                RecallEvalReply reply = ask(server, question);
                if (mode.equals(HYBRID) && !reply.hybridThroughout()) {
                    askedAgain++;
                    reply = untilHybrid(server, question, System.nanoTime());
                }
                if (mode.equals(KEYWORDS) && reply.ranking().equals(HYBRID)) {
                    throw server.failure("recall-eval: --recall keywords answered " + question.id() + " ranked hybrid");
                }
                ranks[i] = reply.rankOfFirst(question.memoryPaths());
                answerNanos[i] = reply.nanos();
            }
            server.closeAndWait();
        }
        return new Result(mode, ranks, answerNanos, indexingNanos, askedAgain);
    }

    /** Asks {@code question}, percent-encoded, of the recall template. */
    private static RecallEvalReply ask(McpPipe server, Question question) throws IOException {
        McpPipe.Answer answer = server.request("resources/read", Map.of("uri",
                URI_PREFIX + URLEncoder.encode(question.question(), StandardCharsets.UTF_8).replace("+", "%20")));
        return RecallEvalReply.of(answer);
    }

    /** Asks {@code question} until the answer was ranked hybrid throughout, saying how it goes every ten seconds. */
    private RecallEvalReply untilHybrid(McpPipe server, Question question, long since)
            throws IOException, InterruptedException {
        long nextSay = since + PROGRESS_EVERY_NANOS;
        while (true) {
            RecallEvalReply reply = ask(server, question);
            long now = System.nanoTime();
            if (reply.hybridThroughout()) {
                return reply;
            }
            if (now - since > VECTORS_DEADLINE_NANOS) {
                throw server.failure("recall-eval: hybrid: " + question.id() + " still answered " + reply.summary()
                        + " after 30 minutes");
            }
            if (now - nextSay > 0) {
                Progress.say(String.format("recall-eval: hybrid: waiting for vectors (%s) for %.0f s",
                        reply.summary(), (now - since) / 1e9));
                nextSay = now + PROGRESS_EVERY_NANOS;
            }
            Thread.sleep(POLL_MILLIS);
        }
    }
}

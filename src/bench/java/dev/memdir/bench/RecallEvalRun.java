package dev.memdir.bench;

import dev.memdir.recall.RecallEvalSet;
import dev.memdir.recall.RecallEvalSet.Question;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

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


    /**
     * What one mode found: for each question of the set, in order, the rank of its first answer file (0: none listed)
     * and the time its answer took; the indexing time (0 in keywords mode); how many answers were asked again.
     */
    record Result(String mode, int[] ranks, long[] answerNanos, long indexingNanos, int askedAgain) {

        /** The results of {@code mode} on several sets as one, their questions in the results' order. */
        static Result merged(String mode, List<Result> results) {
            int[] ranks = results.stream().flatMapToInt(result -> Arrays.stream(result.ranks())).toArray();
            long[] nanos = results.stream().flatMapToLong(result -> Arrays.stream(result.answerNanos()))
                    .toArray();
            return new Result(mode, ranks, nanos, results.stream().mapToLong(Result::indexingNanos).sum(),
                    results.stream().mapToInt(Result::askedAgain).sum());
        }
    }

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
                HybridWait.until(server, set.questions().get(0).question(), start, "recall-eval");
                indexingNanos = System.nanoTime() - start;
                Progress.say(String.format("recall-eval: hybrid: every file had its vector after %.1f s",
                        indexingNanos / 1e9));
            }
            for (int i = 0; i < ranks.length; i++) {
                Question question = set.questions().get(i);
                RecallEvalReply reply = HybridWait.ask(server, question.question());
                if (mode.equals(HYBRID) && !reply.hybridThroughout()) {
                    askedAgain++;
                    reply = HybridWait.until(server, question.question(), System.nanoTime(), "recall-eval");
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
}

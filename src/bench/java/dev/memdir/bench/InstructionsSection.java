package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Instruction resolution over a {@link LargeInstructionTree}: memdir started with the recommended line and
 * {@code --project} on that tree; the first {@code resources/read} of {@code memdir://instructions}, sent right
 * after {@code initialize} (it meets the resolution the server starts in the background), then later reads.
 */
record InstructionsSection(Workspace workspace, Launches launches, int repeats) {

    private static final String URI = "memdir://instructions";
    /** A rule without {@code paths:}, so it is in the resolved text: proof the tree was read. */
    private static final String EXPECTED = "Rule 449: keep functions short.";

    void addTo(Table table) throws IOException, InterruptedException {
        Progress.say("instructions: a tree of 5,000 directories and 500 rules files, first read and " + repeats
                + " later reads");
        Path base = workspace.directory("instructions");
        LargeInstructionTree tree = LargeInstructionTree.create(base);
        Launch launch = launches.memdir(Launches.recommendedLine(),
                "--root", workspace.directory("instructions-root").toString(),
                "--project", tree.project.toString(),
                "--claude-config-dir", tree.claudeConfig().toString(),
                "--managed-dir", base.resolve("managed").toString());
        try (McpPipe server = launch.start(workspace.log("instructions"))) {
            server.open();
            long first = read(server);
            long[] later = new long[repeats];
            for (int i = 0; i < repeats; i++) {
                later[i] = read(server);
            }
            server.closeAndWait();
            table.add("instructions, 5,000 dirs, first read (ms)", Figure.millisOf(first));
            table.add("instructions, 5,000 dirs, later reads (median ms)", Figure.millisOf(new Stats(later).median()));
        }
    }

    /** Reads the instructions and checks they hold the tree's rules; returns the time taken. */
    private static long read(McpPipe server) throws IOException {
        McpPipe.Answer answer = server.request("resources/read", Map.of("uri", URI));
        if (!answer.message().at("/result/contents/0/text").asText().contains(EXPECTED)) {
            throw server.failure(URI + " does not hold \"" + EXPECTED + "\": the tree was not resolved");
        }
        return answer.nanos();
    }
}

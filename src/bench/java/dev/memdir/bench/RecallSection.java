package dev.memdir.bench;

import dev.memdir.recall.MemoryCorpus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Recall through the recall resource over generated notes in the given store: a server's first search (every note
 * read and weighed) and later ones (nothing changed in between).
 */
record RecallSection(Workspace workspace, Launches launches, BenchStore store, int notes, int repeats) {

    private static final String URI = "memdir://memory/recall?q=how%20do%20we%20roll%20back%20a%20failed%20deployment";

    void addTo(Table table) throws IOException, InterruptedException {
        Progress.say("recall over " + notes + " notes in the " + store.name() + " store: first search and " + repeats
                + " later ones");
        Path root = workspace.directory("recall-root");
        MemoryCorpus.write(root, notes);
        Launch launch = launches.memdir(Launches.recommendedLine(), store, root, List.of());
        try (McpPipe server = launch.start(workspace.log("recall"))) {
            server.open();
            long first = search(server);
            long[] later = new long[repeats];
            for (int i = 0; i < repeats; i++) {
                later[i] = search(server);
            }
            server.closeAndWait();
            table.add(String.format(Locale.ROOT, "recall over %,d notes, first search (ms)", notes),
                    Figure.millisOf(first));
            table.add(String.format(Locale.ROOT, "recall over %,d notes, later searches (median ms)", notes),
                    Figure.millisOf(new Stats(later).median()));
        }
    }

    /** Searches and checks the planted note was found; returns the time taken. */
    private static long search(McpPipe server) throws IOException {
        McpPipe.Answer answer = server.request("resources/read", Map.of("uri", URI));
        String text = answer.message().at("/result/contents/0/text").asText();
        if (!text.contains(MemoryCorpus.PLANTED)) {
            throw server.failure(URI + " did not find " + MemoryCorpus.PLANTED + ": " + text.substring(0,
                    Math.min(text.length(), 300)));
        }
        return answer.nanos();
    }
}

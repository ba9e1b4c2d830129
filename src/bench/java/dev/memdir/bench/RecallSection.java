package dev.memdir.bench;

import dev.memdir.recall.MemoryCorpus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Recall by keywords through the recall resource over generated notes in the given store: a server's first search
 * (every note read and weighed) and later ones (nothing changed in between).
 */
record RecallSection(Workspace workspace, Launches launches, BenchStore store, int notes, int repeats) {

    void addTo(Table table) throws IOException, InterruptedException {
        Progress.say("recall over " + notes + " notes in the " + store.name() + " store: first search and " + repeats
                + " later ones");
        Path root = workspace.directory("recall-root");
        MemoryCorpus.write(root, notes);
        // By keywords, as it measured before hybrid recall: the stores' reading, not the model's background work.
        Launch launch = launches.memdir(Launches.recommendedLine(), store, root, List.of("--recall", "keywords"));
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
        RecallRead read = RecallRead.of(server, MemoryCorpus.QUERY);
        if (!read.lists(MemoryCorpus.PLANTED)) {
            throw server.failure("recall of '" + MemoryCorpus.QUERY + "' did not find " + MemoryCorpus.PLANTED + ": "
                    + read.abbreviated());
        }
        return read.nanos();
    }
}

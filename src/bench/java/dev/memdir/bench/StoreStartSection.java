package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Start-up on the given store: a plain {@code java -jar} start, as a client registers it, timed from the spawn to
 * the answer of a first {@code view} of a note (so that a store opened after {@code initialize} counts too); one
 * untimed start, then {@code starts} timed ones on the same memory.
 */
record StoreStartSection(Workspace workspace, Launches launches, BenchStore store, int starts) {

    private static final String NOTE = "/memories/note.md";

    void addTo(Table table) throws IOException, InterruptedException {
        Progress.say("start-up on the " + store.name() + " store: " + starts + " starts to a first view's answer");
        Path root = workspace.directory("start-root");
        Files.writeString(root.resolve("note.md"), "A note.\n");
        Launch launch = launches.memdir(Launches.plainLine(), store, root, List.of());
        startOnce(launch);
        long[] nanos = new long[starts];
        for (int i = 0; i < starts; i++) {
            nanos[i] = startOnce(launch);
        }
        table.add("start to a first view's answer, plain java -jar (median/max ms)",
                Figure.medianMax(new Stats(nanos)));
    }

    private long startOnce(Launch launch) throws IOException, InterruptedException {
        try (McpPipe server = launch.start(workspace.log("store-start"))) {
            server.open();
            server.call("view", Map.of("path", NOTE));
            long nanos = server.nanosSinceSpawn();
            server.closeAndWait();
            return nanos;
        }
    }
}

package dev.memdir.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Start-up on each given store: a plain {@code java -jar} start, as a client registers it, timed from the spawn to
 * the answer of a first {@code view} of a note (so that a store opened after {@code initialize} counts too). One
 * untimed start per store creates the note (through memdir, so that it is sealed where the memory is); then the
 * timed starts on the same memories run in turns (one per store a round), so that a burst of load elsewhere falls on
 * every store alike.
 */
record StoreStartSection(Workspace workspace, Launches launches, List<BenchStore> stores, int starts) {

    private static final String NOTE = "/memories/note.md";

    /** Start-up on one store. */
    StoreStartSection(Workspace workspace, Launches launches, BenchStore store, int starts) {
        this(workspace, launches, List.of(store), starts);
    }

    /** Adds each store's row to its table, {@code tables} in the order of the stores. */
    void addTo(Table... tables) throws IOException, InterruptedException {
        List<Launch> launched = new ArrayList<>();
        for (BenchStore store : stores) {
            Progress.say("start-up on the " + store.name() + " store: " + starts + " starts to a first view's answer");
            Launch launch = launches.memdir(Launches.plainLine(), store,
                    workspace.directory("start-root-" + launched.size()), List.of());
            startOnce(launch, "create", Map.of("path", NOTE, "file_text", "A note.\n"));
            launched.add(launch);
        }
        long[][] nanos = new long[launched.size()][starts];
        for (int round = 0; round < starts; round++) {
            for (int i = 0; i < launched.size(); i++) {
                nanos[i][round] = startOnce(launched.get(i), "view", Map.of("path", NOTE));
            }
        }
        for (int i = 0; i < launched.size(); i++) {
            tables[i].add("start to a first view's answer, plain java -jar (median/max ms)",
                    Figure.medianMax(new Stats(nanos[i])));
        }
    }

    /** One start to the answer of a first call of {@code tool}; returns the time from the spawn to that answer. */
    private long startOnce(Launch launch, String tool, Map<String, Object> arguments)
            throws IOException, InterruptedException {
        try (McpPipe server = launch.start(workspace.log("store-start"))) {
            server.open();
            server.call(tool, arguments);
            long nanos = server.nanosSinceSpawn();
            server.closeAndWait();
            return nanos;
        }
    }
}

package dev.memdir.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Steady-state round trips in one memdir process per store, each started with the recommended line: for each of
 * {@code view}, {@code str_replace} and {@code create} on a small file, a warm-up on each, then timed calls one at a
 * time (send, wait for the answer), to the stores in turn call by call, so that a burst of load elsewhere falls on
 * every store alike. Each {@code create} is followed by an untimed {@code delete} of the same file.
 */
record SteadyStateSection(Workspace workspace, Launches launches, List<BenchStore> stores, int warmUp, int calls) {

    /** One of the timed calls. */
    private interface Call {
        McpPipe.Answer on(SmallFileCalls small, McpPipe server) throws IOException;
    }

    /** The round trips on one store. */
    SteadyStateSection(Workspace workspace, Launches launches, BenchStore store, int warmUp, int calls) {
        this(workspace, launches, List.of(store), warmUp, calls);
    }

    /** Adds each store's rows to its table, {@code tables} in the order of the stores. */
    void addTo(Table... tables) throws IOException, InterruptedException {
        Progress.say("steady state on " + names() + ": " + warmUp + " warm-up and " + calls
                + " timed calls each of view, str_replace, create");
        List<McpPipe> servers = new ArrayList<>();
        List<SmallFileCalls> small = new ArrayList<>();
        try {
            for (int i = 0; i < stores.size(); i++) {
                Launch launch = launches.memdir(Launches.recommendedLine(), stores.get(i),
                        workspace.directory("steady-root-" + i), List.of());
                servers.add(launch.start(workspace.log("steady-" + i)));
                servers.get(i).open();
                small.add(new SmallFileCalls());
                small.get(i).prepare(servers.get(i));
            }
            time("view, small file (median/p99 ms)", SmallFileCalls::view, servers, small, tables);
            time("str_replace, small file (median/p99 ms)", SmallFileCalls::strReplace, servers, small, tables);
            time("create, small new file (median/p99 ms)", SmallFileCalls::createThenDelete, servers, small, tables);
            for (McpPipe server : servers) {
                server.closeAndWait();
            }
        } finally {
            servers.forEach(McpPipe::close);
        }
    }

    private void time(String measure, Call call, List<McpPipe> servers, List<SmallFileCalls> small, Table... tables)
            throws IOException {
        for (int i = 0; i < warmUp; i++) {
            for (int s = 0; s < servers.size(); s++) {
                call.on(small.get(s), servers.get(s));
            }
        }
        long[][] nanos = new long[servers.size()][calls];
        for (int i = 0; i < calls; i++) {
            for (int s = 0; s < servers.size(); s++) {
                nanos[s][i] = call.on(small.get(s), servers.get(s)).nanos();
            }
        }
        for (int s = 0; s < servers.size(); s++) {
            tables[s].add(measure, Figure.medianP99(new Stats(nanos[s])));
        }
    }

    private String names() {
        return "the " + String.join(" and the ", stores.stream().map(BenchStore::name).toList()) + " store";
    }
}

package dev.memdir.bench;

import java.io.IOException;
import java.util.List;

/**
 * Steady-state round trips in one memdir process started with the recommended line: for each of {@code view},
 * {@code str_replace} and {@code create} on a small file in the given store, a warm-up, then timed calls one at a time (send, wait
 * for the answer). Each {@code create} is followed by an untimed {@code delete} of the same file.
 */
record SteadyStateSection(Workspace workspace, Launches launches, BenchStore store, int warmUp, int calls) {

    /** One of the timed calls. */
    private interface Call {
        McpPipe.Answer on(McpPipe server) throws IOException;
    }

    void addTo(Table table) throws IOException, InterruptedException {
        Progress.say("steady state: " + warmUp + " warm-up and " + calls + " timed calls each of view, str_replace,"
                + " create");
        Launch launch = launches.memdir(Launches.recommendedLine(), store, workspace.directory("steady-root"),
                List.of());
        SmallFileCalls small = new SmallFileCalls();
        try (McpPipe server = launch.start(workspace.log("steady"))) {
            server.open();
            small.prepare(server);
            table.add("view, small file (median/p99 ms)", time(server, small::view));
            table.add("str_replace, small file (median/p99 ms)", time(server, small::strReplace));
            table.add("create, small new file (median/p99 ms)", time(server, small::createThenDelete));
            server.closeAndWait();
        }
    }

    private Figure time(McpPipe server, Call call) throws IOException {
        for (int i = 0; i < warmUp; i++) {
            call.on(server);
        }
        long[] nanos = new long[calls];
        for (int i = 0; i < calls; i++) {
            nanos[i] = call.on(server).nanos();
        }
        return Figure.medianP99(new Stats(nanos));
    }
}

package dev.memdir.bench;

import java.io.IOException;
import java.util.Locale;

/**
 * Peak resident memory ({@code VmHWM}) after a mixed load of calls, one at a time: memdir started with the
 * recommended line ({@link SmallFileCalls}) and the Node memory server ({@link NodeMemoryCalls}).
 */
record PeakRssSection(Workspace workspace, Launches launches, int calls) {

    void addTo(Table table) throws IOException, InterruptedException {
        Progress.say("peak RSS: " + calls + " mixed calls to memdir and to the Node server");
        Launch memdir = launches.memdir(Launches.recommendedLine(), "--root",
                workspace.directory("rss-root").toString());
        long memdirKib = peakAfterCalls(memdir, new SmallFileCalls());
        Launch node = Launches.node(workspace.directory("rss-node").resolve("memory.jsonl"));
        long nodeKib = peakAfterCalls(node, new NodeMemoryCalls());
        table.add(String.format(Locale.ROOT, "peak RSS after %,d calls (MiB)", calls),
                Figure.mebibytesOf(memdirKib), Figure.mebibytesOf(nodeKib));
    }

    private long peakAfterCalls(Launch launch, MixedLoad load) throws IOException, InterruptedException {
        try (McpPipe server = launch.start(workspace.log("rss-" + launch.name()))) {
            server.open();
            load.prepare(server);
            for (int i = 0; i < calls; i++) {
                load.call(server, i);
            }
            long peakKib = server.peakRssKib();
            server.closeAndWait();
            return peakKib;
        }
    }
}

package dev.memdir.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Start-up: spawn the server, send {@code initialize} (or, as a 2026-07-28 client does, {@code server/discover}),
 * time until its answer arrives and read the CPU time and the
 * peak RSS right then; close stdin and wait for the exit. Each launch line gets one untimed start, then the timed starts run in
 * turns (one of each line per round) so that a burst of load elsewhere does not fall on one line only.
 */
record StartupSection(Workspace workspace, Launches launches, int starts) {

    private record Start(long nanos, long peakRssKib, long cpuNanos) {}

    private record Samples(long[] nanos, long[] peakRssKib, long[] cpuNanos) {}

    void addTo(Table table) throws IOException, InterruptedException {
        List<Launch> memdir = new ArrayList<>();
        for (Launches.Line line : Launches.memdirLines()) {
            memdir.add(launches.registered(line, workspace.directory("start-roots").resolve("root-" + memdir.size())));
        }
        Launch discovering = launches.registered(Launches.recommendedLine(),
                workspace.directory("start-roots").resolve("root-discover"));
        Launch node = Launches.node(workspace.directory("start-node").resolve("memory.jsonl"));
        List<Launch> all = new ArrayList<>(memdir);
        all.add(discovering);
        all.add(node);
        List<Samples> samples = measure(all, discovering);
        Samples nodeSamples = samples.get(samples.size() - 1);
        table.add("start to the server/discover answer (2026-07-28), recommended (median/max ms)",
                Figure.medianMax(new Stats(samples.get(memdir.size()).nanos())),
                Figure.medianMax(new Stats(nodeSamples.nanos())));
        for (int i = 0; i < memdir.size(); i++) {
            table.add("start, " + memdir.get(i).name() + " (median/max ms)",
                    Figure.medianMax(new Stats(samples.get(i).nanos())),
                    Figure.medianMax(new Stats(nodeSamples.nanos())));
        }
        for (int i = 0; i < memdir.size(); i++) {
            table.add("CPU to the initialize answer, " + memdir.get(i).name() + " (median ms)",
                    Figure.millisOf(new Stats(samples.get(i).cpuNanos()).median()),
                    Figure.millisOf(new Stats(nodeSamples.cpuNanos()).median()));
        }
        for (int i = 0; i < memdir.size(); i++) {
            table.add("peak RSS after initialize, " + memdir.get(i).name() + " (median MiB)",
                    Figure.mebibytesOf(new Stats(samples.get(i).peakRssKib()).median()),
                    Figure.mebibytesOf(new Stats(nodeSamples.peakRssKib()).median()));
        }
    }

    private List<Samples> measure(List<Launch> all, Launch discovering) throws IOException, InterruptedException {
        Progress.say("start-up: one untimed start of each of " + all.size() + " launch lines, then " + starts
                + " rounds");
        List<Samples> samples = new ArrayList<>();
        for (Launch launch : all) {
            startOnce(launch, launch == discovering);
            samples.add(new Samples(new long[starts], new long[starts], new long[starts]));
        }
        for (int round = 0; round < starts; round++) {
            for (int i = 0; i < all.size(); i++) {
                Start start = startOnce(all.get(i), all.get(i) == discovering);
                samples.get(i).nanos()[round] = start.nanos();
                samples.get(i).peakRssKib()[round] = start.peakRssKib();
                samples.get(i).cpuNanos()[round] = start.cpuNanos();
            }
        }
        return samples;
    }

    /** One start, timed to the first answer: {@code server/discover} when {@code discover}, else initialize. */
    private Start startOnce(Launch launch, boolean discover) throws IOException, InterruptedException {
        try (McpPipe server = launch.start(workspace.log("start-" + launch.name().replaceAll("\\W+", "-")))) {
            long nanos = (discover ? server.discover() : server.initialize()).nanos();
            long cpuNanos = server.cpuNanos();
            long peakRssKib = server.peakRssKib();
            server.closeAndWait();
            return new Start(nanos, peakRssKib, cpuNanos);
        }
    }
}

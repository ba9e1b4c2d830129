package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The end-to-end benchmark {@code scripts/bench} runs: the packaged jar as a child process, spoken to over stdio
 * by a minimal JSON-RPC client, beside the official Node memory server. Prints one table on stdout (and with
 * {@code --store}, a second: the directory store beside PostgreSQL and S3; with {@code --sealed}, only a table of
 * the stores plain beside encrypted at rest; with {@code --recall}, only a table of recall by keywords beside
 * hybrid); progress goes to stderr. Run from the repository root (the launch
 * lines name {@code target/...}); see {@link BenchOptions}.
 */
public final class EndToEndBench {

    private static final String ARCHIVE_OPTION = "-XX:SharedArchiveFile=";

    private EndToEndBench() {}

    public static void main(String[] args) throws Exception {
        Table table = null;
        Table stores = null;
        try {
            BenchOptions options = BenchOptions.parse(args);
            Workspace workspace = new Workspace(options.work());
            Launches launches = new Launches(options.work());
            if (options.sealed()) {
                stores = new StoreComparison(workspace, launches, options).measureSealing();
            } else if (options.recall()) {
                stores = new RecallComparison(workspace, launches, options).measure();
            } else {
                table = measure(workspace, launches, options);
                if (options.stores() != null) {
                    stores = new StoreComparison(workspace, launches, options).measure();
                }
            }
        } catch (BenchFailure | IllegalArgumentException failure) {
            System.err.println("bench: FAILED: " + failure.getMessage());
            System.exit(1);
        }
        if (table != null) {
            addNotes(table);
            table.print(System.out);
        }
        if (stores != null) {
            if (table != null) {
                System.out.println();
            }
            stores.print(System.out);
        }
        System.out.println(Machine.describe());
    }

    /** The first table: memdir beside the Node memory server. */
    private static Table measure(Workspace workspace, Launches launches, BenchOptions options)
            throws IOException, InterruptedException {
        Table table = new Table();
        new StartupSection(workspace, launches, options.starts()).addTo(table);
        if (!options.startupOnly()) {
            new SteadyStateSection(workspace, launches, new DirectoryBenchStore(), options.warmUp(), options.calls())
                    .addTo(table);
            new ScaleSection(workspace, launches, new DirectoryBenchStore(), options.bigFiles(), options.repeats())
                    .addTo(table);
            new InstructionsSection(workspace, launches, options.repeats()).addTo(table);
            new PeakRssSection(workspace, launches, options.rssCalls()).addTo(table);
        }
        return table;
    }

    private static void addNotes(Table table) {
        table.note("recommended = " + String.join(" ", Launches.recommended()));
        for (String word : Launches.recommended()) {
            if (word.startsWith(ARCHIVE_OPTION) && !Files.exists(Path.of(word.substring(ARCHIVE_OPTION.length())))) {
                table.note(word.substring(ARCHIVE_OPTION.length())
                        + " does not exist, so the recommended lines ran without that class-data archive");
            }
        }
        if (Launches.java25().isEmpty()) {
            table.note("no Java 25 (set MEMDIR_BENCH_JAVA25 to its java): its row is left out");
        }
        table.note("the node column is the same Node measurement on every start-up row; ratio = memdir / node");
    }
}

package dev.memdir.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * {@code scripts/bench --recall}: recall by keywords beside hybrid, through the jar, on the directory store at 1,000
 * files and at {@code --big-files} (10,000), and with {@code --store} on PostgreSQL at 1,000: start-up with and
 * without recall used ({@link RecallStartSection}), then latency, background indexing, a restart and resident
 * memory ({@link HybridRecallSection}). One table, a row per store and measure, a column per mode.
 */
record RecallComparison(Workspace workspace, Launches launches, BenchOptions options) {

    private static final int SMALL = 1_000;

    Table measure() throws IOException, InterruptedException {
        List<Integer> sizes = List.copyOf(new TreeSet<>(List.of(Math.min(SMALL, options.bigFiles()),
                options.bigFiles())));
        List<String> names = new ArrayList<>(List.of("directory"));
        List<Table> tables = new ArrayList<>(List.of(measure(work("directory"), new DirectoryBenchStore(), sizes)));
        if (options.stores() != null) {
            Workspace postgresWork = work("postgresql");
            names.add("postgresql");
            tables.add(measure(postgresWork, NamespaceBenchStore.postgres(BenchPostgres.url(options), postgresWork),
                    sizes.subList(0, 1)));
        }
        Table table = Table.stacked(names, tables);
        table.note("each figure through target/memdir.jar on the recommended launch line, started with --recall"
                + " keywords or --recall hybrid; ratio = hybrid / keywords");
        table.note("start-up: hybrid is the default (no option); recall is not used before the first recall's answer,"
                + " timed in starts of its own");
        table.note("the notes: generated memories, 7 in 10 English and 3 in Chinese, from one sentence to fifty;"
                + " the questions: " + options.warmUp() + " warm-up and " + options.queries() + " timed, every one"
                + " different, asked of both servers in turns");
        table.note("indexing: from the first hybrid recall (which answers by keywords and starts the model loading"
                + " and the embedding, with the default --recall-threads) until a recall answered \"ranking\":"
                + " \"hybrid\", \"withoutVectors\": 0, polled every 500 ms; model loading included; per second of"
                + " the server's CPU too, which other work on the machine hardly changes");
        table.note("restart: a new hybrid server on the same memory, from its first recall to hybrid again; its CPU"
                + " beside the first server's shows whether it embedded again");
        if (options.stores() != null) {
            table.note(BenchPostgres.where(options));
        }
        return table;
    }

    private Table measure(Workspace work, BenchStore store, List<Integer> sizes)
            throws IOException, InterruptedException {
        Table table = Table.againstFirst(RecallMode.KEYWORDS.label(), RecallMode.HYBRID.label());
        new RecallStartSection(work, launches, store, sizes.get(0), options.starts()).addTo(table);
        for (int files : sizes) {
            new HybridRecallSection(work, launches, store, files, options.warmUp(), options.queries()).addTo(table);
        }
        return table;
    }

    /** A workspace of its own for the measures on one store. */
    private Workspace work(String store) throws IOException {
        return new Workspace(workspace.directory("recall-" + store));
    }
}

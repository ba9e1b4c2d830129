package dev.memdir.bench;

import java.io.IOException;

/**
 * The same measures on the directory store and on PostgreSQL (a given URL, else a server the bench starts as the
 * tests do), each store in a workspace of its own, as one table with a column per store.
 */
record StoreComparison(Workspace workspace, Launches launches, BenchOptions options) {

    Table measure() throws IOException, InterruptedException {
        Workspace directoryWork = new Workspace(workspace.directory("store-directory"));
        Workspace postgresWork = new Workspace(workspace.directory("store-postgresql"));
        Table directory = measure(directoryWork, new DirectoryBenchStore());
        Table postgres = measure(postgresWork, new PostgresBenchStore(url(), postgresWork));
        Table table = Table.beside("directory", directory, "postgresql", postgres);
        table.note("goals on PostgreSQL: view median <= 1 ms, str_replace median <= 3 ms, 10,000-file view <= 100 ms");
        table.note("ratio = postgresql / directory; the writers row is lines per second (higher is better)");
        table.note("postgresql = " + (options.store().isEmpty() ? "a server the bench started on loopback, fsync on"
                : "the --store URL (one namespace bench/UUID per measure is left in it)"));
        return table;
    }

    private Table measure(Workspace work, BenchStore store) throws IOException, InterruptedException {
        Table table = new Table();
        new SteadyStateSection(work, launches, store, options.warmUp(), options.calls()).addTo(table);
        new ScaleSection(work, launches, store, options.bigFiles(), options.repeats()).addTo(table);
        new RecallSection(work, launches, store, options.bigFiles(), options.repeats()).addTo(table);
        new WritersSection(work, launches, store, options.writers(), options.inserts()).addTo(table);
        return table;
    }

    private String url() throws IOException {
        return options.store().isEmpty() ? BenchPostgres.start() : options.store();
    }
}

package dev.memdir.bench;

import java.io.IOException;
import java.util.List;

/**
 * The same measures on the directory store, on PostgreSQL and on an S3 bucket (each a given URL, else a server the
 * bench starts on loopback as the tests do), each store in a workspace of its own, as one table with a column per
 * store; on S3 also the requests per call, where a counting proxy can stand in front of the bucket.
 */
record StoreComparison(Workspace workspace, Launches launches, BenchOptions options) {

    private static final String S3_SCHEME = "s3://";

    Table measure() throws IOException, InterruptedException {
        Workspace directoryWork = new Workspace(workspace.directory("store-directory"));
        Workspace postgresWork = new Workspace(workspace.directory("store-postgresql"));
        Workspace s3Work = new Workspace(workspace.directory("store-s3"));
        Table directory = measure(directoryWork, new DirectoryBenchStore());
        Table postgres = measure(postgresWork, NamespaceBenchStore.postgres(
                postgresUrl() == null ? BenchPostgres.start() : postgresUrl(), postgresWork));
        S3Bench bucket = s3Url() == null ? S3Bench.startLocal() : S3Bench.at(s3Url());
        Table s3 = measure(s3Work, bucket.store(s3Work));
        if (bucket.countable()) {
            new RequestsSection(s3Work, launches, bucket, options.bigFiles()).addTo(s3);
        }
        Table table = Table.beside(List.of("directory", "postgresql", "s3"), List.of(directory, postgres, s3));
        table.note("goals on PostgreSQL: view median <= 1 ms, str_replace median <= 3 ms, 10,000-file view <= 100 ms");
        table.note("goals on S3 on loopback: view median <= 2 ms, str_replace median <= 15 ms, 10,000-file view"
                + " <= 500 ms");
        table.note("ratios = a store / directory; the writers row is lines per second (higher is better)");
        table.note("postgresql = " + (postgresUrl() == null ? "a server the bench started on loopback, fsync on"
                : "the --store URL (one namespace bench/UUID per measure is left in it)"));
        table.note("s3 = " + (s3Url() == null ? "S3Proxy 4.0.0 on loopback, filesystem backend, a new bucket"
                : "the --store s3:// URL (one namespace bench/UUID per measure is left in it)"));
        table.note(bucket.countable() ? "requests = HTTP requests memdir sent to the bucket, counted by a proxy that"
                + " reads each request's head; from a call's sending until none came for "
                + RequestsSection.QUIET_MILLIS + " ms after its answer; median of " + RequestsSection.SAMPLES + " calls"
                : "requests not counted: the counting proxy needs a plain http:// MEMDIR_S3_ENDPOINT");
        return table;
    }

    private Table measure(Workspace work, BenchStore store) throws IOException, InterruptedException {
        Table table = new Table();
        new StoreStartSection(work, launches, store, options.starts()).addTo(table);
        new SteadyStateSection(work, launches, store, options.warmUp(), options.calls()).addTo(table);
        new ScaleSection(work, launches, store, options.bigFiles(), options.repeats()).addTo(table);
        new RecallSection(work, launches, store, options.bigFiles(), options.repeats()).addTo(table);
        new WritersSection(work, launches, store, options.writers(), options.inserts()).addTo(table);
        return table;
    }

    /** The PostgreSQL URL among the {@code --store} URLs, else null: a server the bench starts. */
    private String postgresUrl() {
        return given(false);
    }

    private String s3Url() {
        return given(true);
    }

    private String given(boolean s3) {
        return options.stores().stream().filter(url -> url.startsWith(S3_SCHEME) == s3).findFirst().orElse(null);
    }
}

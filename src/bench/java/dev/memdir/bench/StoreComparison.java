package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The same measures on the directory store, on PostgreSQL and on an S3 bucket (each a given URL, else a server the
 * bench starts on loopback as the tests do), each store in a workspace of its own, as one table with a column per
 * store; on S3 also the requests per call, where a counting proxy can stand in front of the bucket. With
 * {@code --sealed}, instead, the cost of encryption at rest on each store: start-up and round trips plain beside
 * with {@code --key-file}.
 */
record StoreComparison(Workspace workspace, Launches launches, BenchOptions options) {

    Table measure() throws IOException, InterruptedException {
        Workspace directoryWork = work("directory");
        Workspace postgresWork = work("postgresql");
        Workspace s3Work = work("s3");
        Table directory = measure(directoryWork, new DirectoryBenchStore());
        Table postgres = measure(postgresWork, postgres(postgresWork));
        S3Bench bucket = bucket();
        Table s3 = measure(s3Work, bucket.store(s3Work));
        if (bucket.countable()) {
            new RequestsSection(s3Work, launches, bucket, options.bigFiles()).addTo(s3);
        }
        Table table = Table.beside(List.of("directory", "postgresql", "s3"), List.of(directory, postgres, s3));
        table.note("goals on PostgreSQL: view median <= 1 ms, str_replace median <= 3 ms, 10,000-file view <= 100 ms");
        table.note("goals on S3 on loopback: view median <= 2 ms, str_replace median <= 15 ms, 10,000-file view"
                + " <= 500 ms");
        table.note("ratios = a store / directory; the writers row is lines per second (higher is better)");
        noteWhere(table);
        table.note(bucket.countable() ? "requests = HTTP requests memdir sent to the bucket, counted by a proxy that"
                + " reads each request's head; from a call's sending until none came for "
                + RequestsSection.QUIET_MILLIS + " ms after its answer; median of " + RequestsSection.SAMPLES + " calls"
                : "requests not counted: the counting proxy needs a plain http:// MEMDIR_S3_ENDPOINT");
        return table;
    }

    /**
     * The cost of encryption at rest: on each store, start-up and the round trips on a plain memory, then on one
     * opened with a key file made once for the run; a row per store and measure, plain beside sealed.
     */
    Table measureSealing() throws IOException, InterruptedException {
        Path keyFile = BenchKey.create(workspace);
        Workspace postgresWork = work("postgresql");
        Workspace s3Work = work("s3");
        List<BenchStore> stores = List.of(new DirectoryBenchStore(), postgres(postgresWork), bucket().store(s3Work));
        List<Table> tables = new ArrayList<>();
        for (BenchStore store : stores) {
            tables.add(measureSealing(store, keyFile));
        }
        Table table = Table.stacked(stores.stream().map(BenchStore::name).toList(), tables);
        table.note("sealed = the same store with --key-file FILE (a key made once for the run), encrypted at rest;"
                + " a new memory of each, measured in turns: a start of each a round, a call to each in turn; each"
                + " sealed memory checked after: memdir history without the key is refused as encrypted");
        table.note("ratio = sealed / plain, by the median; goal: at most 1.10 on view and str_replace");
        noteWhere(table);
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

    /**
     * Start-up and the round trips on {@code store}, plain and sealed, a memory of each in one workspace, measured in
     * turns; then the sealed memories checked to be encrypted.
     */
    private Table measureSealing(BenchStore store, Path keyFile) throws IOException, InterruptedException {
        SealedBenchStore sealedStore = new SealedBenchStore(store, keyFile);
        List<BenchStore> both = List.of(store, sealedStore);
        Workspace work = work(store.name());
        Table plain = new Table();
        Table sealed = new Table();
        new StoreStartSection(work, launches, both, options.starts()).addTo(plain, sealed);
        new SteadyStateSection(work, launches, both, options.warmUp(), options.calls()).addTo(plain, sealed);
        sealedStore.checkEncrypted(work);
        return Table.beside("plain", plain, "sealed", sealed);
    }

    /** A workspace of its own for the measures on one store. */
    private Workspace work(String store) throws IOException {
        return new Workspace(workspace.directory("store-" + store));
    }

    /** The PostgreSQL of the {@code --store} URL, else one the bench starts. */
    private NamespaceBenchStore postgres(Workspace work) throws IOException {
        return NamespaceBenchStore.postgres(BenchPostgres.url(options), work);
    }

    /** The bucket of the {@code --store} URL, else S3Proxy on loopback. */
    private S3Bench bucket() throws IOException {
        return options.s3Url() == null ? S3Bench.startLocal() : S3Bench.at(options.s3Url());
    }

    /** Notes where the PostgreSQL and the bucket measured are. */
    private void noteWhere(Table table) {
        table.note(BenchPostgres.where(options));
        table.note("s3 = " + (options.s3Url() == null ? "S3Proxy 4.0.0 on loopback, filesystem backend, a new bucket"
                : "the --store s3:// URL (one namespace bench/UUID per measure is left in it)"));
    }
}

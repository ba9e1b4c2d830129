package dev.memdir.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.ListIterator;

/**
 * The sizes of an end-to-end run and the directory it works in, from the command line:
 * {@code --work DIR} (required, emptied by the caller) and {@code --starts N --calls N --warm-up N --rss-calls N
 * --repeats N --big-files N}, or {@code --quick} for small counts (options after it still win); {@code --startup-only}
 * measures the start-up rows alone. {@code --store [URL]} adds the store comparison ({@code --writers N --inserts N}
 * set its writers) of the directory store, PostgreSQL and S3: {@code --store} alone runs it on a PostgreSQL and an
 * S3Proxy the bench starts on loopback; a {@code postgresql} URL names the PostgreSQL to use instead, an
 * {@code s3://BUCKET[/PREFIX]} URL the bucket ({@code --store} given once for each). {@code stores} holds the URLs
 * given, and is null without {@code --store}. {@code --sealed} measures, instead of both tables, the cost of
 * encryption at rest on the same stores ({@code --store URL} still names them; {@code --store} is then implied).
 * {@code --recall} measures, instead of both tables, recall by keywords beside hybrid ({@link RecallComparison}):
 * at 1,000 files and {@code --big-files}, {@code --queries N} timed questions after {@code --warm-up}, and with
 * {@code --store} on PostgreSQL too (not on S3).
 */
record BenchOptions(Path work, int starts, int calls, int warmUp, int rssCalls, int repeats, int bigFiles,
        boolean startupOnly, List<String> stores, int writers, int inserts, boolean sealed, boolean recall,
        int queries) {

    private static final String S3_SCHEME = "s3://";

    static final String USAGE = "options: --work DIR [--quick] [--startup-only] [--starts N] [--calls N] [--warm-up N]"
            + " [--rss-calls N] [--repeats N] [--big-files N] [--store [URL]]... [--writers N] [--inserts N]"
            + " [--sealed | --recall [--queries N]]";

    static BenchOptions parse(String... args) {
        Path work = null;
        int starts = 20;
        int calls = 2_000;
        int warmUp = 500;
        int rssCalls = 10_000;
        int repeats = 20;
        int bigFiles = 10_000;
        boolean startupOnly = false;
        List<String> stores = null;
        int writers = 8;
        int inserts = 1_000;
        boolean sealed = false;
        boolean recall = false;
        int queries = 200;
        for (ListIterator<String> it = Arrays.asList(args).listIterator(); it.hasNext(); ) {
            String option = it.next();
            switch (option) {
                case "--quick" -> {
                    starts = 3;
                    calls = 200;
                    warmUp = 50;
                    rssCalls = 500;
                    repeats = 3;
                    bigFiles = 1_000;
                    inserts = 100;
                    queries = 50;
                }
                case "--startup-only" -> startupOnly = true;
                case "--work" -> work = Path.of(value(option, it));
                case "--starts" -> starts = count(option, it, 1);
                case "--calls" -> calls = count(option, it, 1);
                case "--warm-up" -> warmUp = count(option, it, 0);
                case "--rss-calls" -> rssCalls = count(option, it, 1);
                case "--repeats" -> repeats = count(option, it, 1);
                case "--big-files" -> bigFiles = count(option, it, 1);
                case "--store" -> stores = addStore(stores, optionalValue(it));
                case "--writers" -> writers = count(option, it, 1);
                case "--inserts" -> inserts = count(option, it, 1);
                case "--sealed" -> sealed = true;
                case "--recall" -> recall = true;
                case "--queries" -> queries = count(option, it, 1);
                default -> throw new IllegalArgumentException("unknown option " + option + "; " + USAGE);
            }
        }
        if (work == null) {
            throw new IllegalArgumentException("--work is required; " + USAGE);
        }
        if (sealed && stores == null) {
            stores = List.of();
        }
        if (recall && sealed) {
            throw new IllegalArgumentException("--recall and --sealed are two runs: give one of them");
        }
        if (recall && stores != null && stores.stream().anyMatch(url -> url.startsWith(S3_SCHEME))) {
            throw new IllegalArgumentException("--recall measures PostgreSQL beside the directory store, not S3: drop"
                    + " the s3:// URL");
        }
        return new BenchOptions(work, starts, calls, warmUp, rssCalls, repeats, bigFiles, startupOnly, stores, writers,
                inserts, sealed, recall, queries);
    }

    /** The PostgreSQL URL among the {@code --store} URLs, else null: a server the bench starts. */
    String postgresUrl() {
        return given(false);
    }

    /** The s3:// URL among the {@code --store} URLs, else null: S3Proxy on loopback. */
    String s3Url() {
        return given(true);
    }

    private String given(boolean s3) {
        return stores.stream().filter(url -> url.startsWith(S3_SCHEME) == s3).findFirst().orElse(null);
    }

    /** {@code stores} with {@code url} (none when empty), at most one PostgreSQL and one s3:// URL. */
    private static List<String> addStore(List<String> stores, String url) {
        List<String> all = stores == null ? new ArrayList<>() : stores;
        if (!url.isEmpty()) {
            if (all.stream().anyMatch(given -> given.startsWith(S3_SCHEME) == url.startsWith(S3_SCHEME))) {
                throw new IllegalArgumentException("--store takes one PostgreSQL URL and one s3:// URL, not two of a"
                        + " kind: " + url);
            }
            all.add(url);
        }
        return all;
    }

    /** The next argument when it is not an option, else empty (and the next argument is read as an option). */
    private static String optionalValue(ListIterator<String> it) {
        if (!it.hasNext()) {
            return "";
        }
        String next = it.next();
        if (next.startsWith("--")) {
            it.previous();
            return "";
        }
        return next;
    }

    private static String value(String option, ListIterator<String> it) {
        if (!it.hasNext()) {
            throw new IllegalArgumentException(option + " needs a value; " + USAGE);
        }
        return it.next();
    }

    private static int count(String option, ListIterator<String> it, int least) {
        String value = value(option, it);
        int count;
        try {
            count = Integer.parseInt(value.replace("_", "").replace(",", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a whole number, not " + value);
        }
        if (count < least) {
            throw new IllegalArgumentException(option + " needs at least " + least + ", not " + value);
        }
        return count;
    }
}

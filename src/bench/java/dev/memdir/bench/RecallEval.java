package dev.memdir.bench;

import dev.memdir.recall.RecallEvalSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The recall evaluation {@code scripts/recall-eval} runs: the questions of {@link RecallEvalSet} asked of the
 * packaged jar started with {@code --recall keywords}, then with {@code --recall hybrid}, each on a new memory holding
 * the set's files (the directory store; or the PostgreSQL or S3 bucket of {@code --store URL}; or, with
 * {@code --store} alone, a PostgreSQL it starts on loopback as the tests do). Prints one table on stdout, progress on
 * stderr. Run from the repository root. Options: {@code --work DIR} (required, emptied by the caller)
 * {@code [--store [URL]]}.
 */
public final class RecallEval {

    private static final String USAGE = "options: --work DIR [--store [URL]]";

    private RecallEval() {}

    public static void main(String[] args) throws Exception {
        Table table;
        try {
            Path work = null;
            String store = null;
            for (int i = 0; i < args.length; i++) {
                if (args[i].equals("--work") && i + 1 < args.length) {
                    work = Path.of(args[++i]);
                } else if (args[i].equals("--store")) {
                    store = i + 1 < args.length && !args[i + 1].startsWith("--") ? args[++i] : "";
                } else {
                    throw new IllegalArgumentException("unknown option or no value: " + args[i] + "; " + USAGE);
                }
            }
            if (work == null) {
                throw new IllegalArgumentException("--work is required; " + USAGE);
            }
            if ("".equals(store)) {
                store = BenchPostgres.start();
            }
            table = evaluate(new Workspace(work), new Launches(work), store);
        } catch (BenchFailure | IllegalArgumentException failure) {
            System.err.println("recall-eval: FAILED: " + failure.getMessage());
            System.exit(1);
            return;
        }
        table.print(System.out);
        System.out.println(Machine.describe());
    }

    private static Table evaluate(Workspace workspace, Launches launches, String storeUrl)
            throws IOException, InterruptedException {
        RecallEvalSet set = RecallEvalSet.load(RecallEvalSet.DIRECTORY);
        List<RecallEvalRun.Result> results = new ArrayList<>();
        for (String mode : List.of(RecallEvalRun.KEYWORDS, RecallEvalRun.HYBRID)) {
            Workspace own = new Workspace(workspace.directory(mode));
            results.add(new RecallEvalRun(own, launches, store(storeUrl, own), set, mode).run());
        }
        Table table = RecallEvalTable.of(set, results);
        long files;
        try (Stream<Path> walk = Files.walk(set.memories())) {
            files = walk.filter(Files::isRegularFile).count();
        }
        table.note("set: " + RecallEvalSet.DIRECTORY + ", " + files + " memory files and " + set.questions().size()
                + " questions; store: " + (storeUrl == null ? "directory" : storeUrl.replaceFirst("^(\\w+)://.*", "$1")
                + ", a namespace bench/UUID per mode"));
        return table;
    }

    /** The directory store, or the PostgreSQL ({@code postgresql://...}) or bucket ({@code s3://...}) at {@code url}. */
    private static BenchStore store(String url, Workspace workspace) {
        if (url == null) {
            return new DirectoryBenchStore();
        }
        if (url.startsWith("s3://")) {
            return S3Bench.at(url).store(workspace);
        }
        if (url.startsWith("postgresql://")) {
            return NamespaceBenchStore.postgres(url, workspace);
        }
        throw new IllegalArgumentException("--store takes a postgresql:// or s3:// URL, not " + url);
    }
}

package dev.memdir.bench;

import dev.memdir.recall.RecallEvalChats;
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
        List<String> modes = List.of(RecallEvalRun.KEYWORDS, RecallEvalRun.HYBRID);
        List<RecallEvalTable.Evaluated> evaluated = new ArrayList<>();
        RecallEvalSet personal = RecallEvalSet.load(RecallEvalSet.DIRECTORY);
        evaluated.add(new RecallEvalTable.Evaluated("personal", personal,
                run(workspace, launches, storeUrl, "personal", List.of(personal), modes)));
        RecallEvalChats chats = RecallEvalChats.load(RecallEvalChats.DIRECTORY);
        for (RecallEvalChats.Layout layout : RecallEvalChats.Layout.values()) {
            String name = "chats by " + layout.label();
            List<RecallEvalSet> conversations = new ArrayList<>();
            for (RecallEvalChats.Conversation conversation : chats.conversations()) {
                conversations.add(chats.write(conversation, layout,
                        workspace.directory("chats-" + layout.label() + "-" + conversation.id())));
            }
            List<RecallEvalSet.Question> questions = conversations.stream()
                    .flatMap(set -> set.questions().stream()).toList();
            evaluated.add(new RecallEvalTable.Evaluated(name, new RecallEvalSet(null, questions),
                    run(workspace, launches, storeUrl, "chats-" + layout.label(), conversations, modes)));
        }
        Table table = RecallEvalTable.of(evaluated, modes);
        table.note("sets: personal, " + RecallEvalSet.DIRECTORY + " (" + files(personal.memories()) + " memory files, "
                + personal.questions().size() + " questions); chats, " + RecallEvalChats.DIRECTORY + " ("
                + chats.conversations().size() + " conversations, each a memory of its own, written a file a session"
                + " and a file a turn; " + chats.questions().size() + " questions); store: " + (storeUrl == null
                        ? "directory" : storeUrl.replaceFirst("^(\\w+)://.*", "$1") + ", a namespace bench/UUID a run"));
        return table;
    }

    /**
     * Each mode's answers to the questions of {@code sets}, a server a set, merged in the sets' order into one result
     * a mode (times summed).
     */
    private static List<RecallEvalRun.Result> run(Workspace workspace, Launches launches, String storeUrl,
            String name, List<RecallEvalSet> sets, List<String> modes) throws IOException, InterruptedException {
        List<RecallEvalRun.Result> merged = new ArrayList<>();
        for (String mode : modes) {
            List<RecallEvalRun.Result> each = new ArrayList<>();
            for (int i = 0; i < sets.size(); i++) {
                Workspace own = new Workspace(workspace.directory(name + "-" + i + "-" + mode));
                each.add(new RecallEvalRun(own, launches, store(storeUrl, own), sets.get(i), mode).run());
            }
            merged.add(RecallEvalRun.Result.merged(mode, each));
        }
        return merged;
    }

    private static long files(Path directory) throws IOException {
        try (Stream<Path> walk = Files.walk(directory)) {
            return walk.filter(Files::isRegularFile).count();
        }
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

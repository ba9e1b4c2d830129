package dev.memdir.bench;

import dev.memdir.context.ContextEvalSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The context evaluation {@code scripts/recall-eval --context} runs: the prompts of both {@link ContextEvalSet}s sent
 * to the packaged jar's tool {@code context} with {@code --recall keywords}, then {@code --recall hybrid}, each set
 * on a new memory holding its files. Prints one table on stdout, progress on stderr. Run from the repository root.
 * Options: {@code --work DIR} (required, emptied by the caller).
 */
public final class ContextEval {

    private ContextEval() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 2 || !args[0].equals("--work")) {
            System.err.println("recall-eval --context: FAILED: options: --work DIR");
            System.exit(1);
        }
        Path work = Path.of(args[1]);
        Table table;
        try {
            List<ContextEvalSet> sets = ContextEvalSet.load();
            Launches launches = new Launches(work);
            List<ContextEvalRun.Result> results = new ArrayList<>();
            for (String mode : List.of(RecallEvalRun.KEYWORDS, RecallEvalRun.HYBRID)) {
                for (ContextEvalSet set : sets) {
                    Workspace own = new Workspace(new Workspace(work).directory(set.name() + "-" + mode));
                    results.add(new ContextEvalRun(own, launches, set, mode).run());
                }
            }
            table = ContextEvalTable.of(sets, results);
        } catch (BenchFailure failure) {
            System.err.println("recall-eval --context: FAILED: " + failure.getMessage());
            System.exit(1);
            return;
        }
        table.print(System.out);
        System.out.println(Machine.describe());
    }
}

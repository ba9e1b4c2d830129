package dev.memdir.bench;

import dev.memdir.recall.RecallEvalSet;
import dev.memdir.recall.RecallEvalSet.Kind;
import dev.memdir.recall.RecallEvalSet.Language;
import dev.memdir.recall.RecallEvalSet.Question;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * The evaluation's table: for each mode a column of R@1, R@5, R@10 and MRR over each set's questions, its languages
 * and its kinds (a group with no question left out), then the answer time and (hybrid) the indexing time; the ratio
 * hybrid / keywords beside.
 */
final class RecallEvalTable {

    private static final int[] CUT_OFFS = {1, 5, 10};

    /** One set's questions and what each mode found for them, in the same order. */
    record Evaluated(String name, RecallEvalSet set, List<RecallEvalRun.Result> results) {}

    private RecallEvalTable() {}

    static Table of(List<Evaluated> sets, List<String> modes) {
        List<Table> columns = new ArrayList<>();
        for (String mode : modes) {
            Table column = new Table();
            for (Evaluated evaluated : sets) {
                RecallEvalRun.Result result = evaluated.results().stream()
                        .filter(run -> run.mode().equals(mode)).findFirst().orElseThrow();
                addSet(column, evaluated, result);
            }
            columns.add(column);
        }
        Table table = Table.beside(modes, columns);
        table.note("hit at k: a file that answers the question is among the first k matches (recall lists 10);"
                + " MRR: the mean of 1/rank of the first such file in the 10, 0 when none");
        table.note("(n) = questions in the row; ratio = hybrid / keywords");
        return table;
    }

    private static void addSet(Table column, Evaluated evaluated, RecallEvalRun.Result result) {
        String name = evaluated.name();
        RecallEvalSet set = evaluated.set();
        addGroup(column, name + " all", set, result, question -> true);
        for (Language language : Language.values()) {
            addGroup(column, name + " " + language.label(), set, result, question -> question.language() == language);
        }
        for (Kind kind : Kind.values()) {
            addGroup(column, name + " " + kind.label(), set, result, question -> question.kind() == kind);
        }
        column.add(name + ": answer time, median/p99 (ms)", Figure.medianP99(new Stats(result.answerNanos())));
        if (result.mode().equals(RecallEvalRun.HYBRID)) {
            double seconds = result.indexingNanos() / 1e9;
            column.add(name + ": indexing, from the first query to every file's vector (s)",
                    new Figure(String.format(Locale.ROOT, "%.1f", seconds), seconds));
            column.note(name + ", hybrid: " + result.askedAgain() + " answers that came before every file had its"
                    + " vector were asked again until they said so");
        }
    }

    /** R@1, R@5, R@10 and MRR over the questions {@code in} takes; nothing when it takes none. */
    private static void addGroup(Table column, String group, RecallEvalSet set, RecallEvalRun.Result result,
            Predicate<Question> in) {
        List<Integer> ranks = new ArrayList<>();
        for (int i = 0; i < set.questions().size(); i++) {
            if (in.test(set.questions().get(i))) {
                ranks.add(result.ranks()[i]);
            }
        }
        if (ranks.isEmpty()) {
            return;
        }
        String name = group + " (" + ranks.size() + ")";
        for (int k : CUT_OFFS) {
            column.add(name + ": R@" + k, fraction(ranks.stream().filter(rank -> rank > 0 && rank <= k).count()
                    / (double) ranks.size()));
        }
        column.add(name + ": MRR", fraction(ranks.stream().mapToDouble(rank -> rank == 0 ? 0 : 1.0 / rank).sum()
                / ranks.size()));
    }

    private static Figure fraction(double value) {
        return new Figure(String.format(Locale.ROOT, "%.3f", value), value);
    }
}

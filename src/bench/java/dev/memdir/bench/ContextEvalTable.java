package dev.memdir.bench;

import dev.memdir.context.ContextEvalSet;
import dev.memdir.context.ContextEvalSet.Prompt;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The context evaluation's table: for each set, how many of its prompts with answers brought one (recall), how many of
 * the memories brought answer their prompt (precision, counting only the files the set names), how many unrelated
 * prompts brought anything (false alarms), the memories a prompt brought, and the call's time; keywords and hybrid
 * side by side.
 */
final class ContextEvalTable {

    private ContextEvalTable() {}

    static Table of(List<ContextEvalSet> sets, List<ContextEvalRun.Result> results) {
        List<String> modes = results.stream().map(ContextEvalRun.Result::mode).distinct().toList();
        List<Table> columns = new ArrayList<>();
        for (String mode : modes) {
            Table column = new Table();
            for (ContextEvalSet set : sets) {
                results.stream().filter(result -> result.mode().equals(mode) && result.set().equals(set.name()))
                        .forEach(result -> addSet(column, set, result));
            }
            columns.add(column);
        }
        Table table = Table.beside(modes, columns);
        table.note("each prompt sent as Claude Code's prompt hook sends it (tool context, event UserPromptSubmit), in a"
                + " session of its own; recall: a prompt with answers brought one of them; precision: the memories"
                + " brought that the set names as answers; false alarms: unrelated prompts that brought anything");
        table.note("(n) = prompts in the row; ratio = hybrid / keywords");
        return table;
    }

    private static void addSet(Table column, ContextEvalSet set, ContextEvalRun.Result result) {
        int related = 0;
        int answered = 0;
        int brought = 0;
        int right = 0;
        int unrelated = 0;
        int alarms = 0;
        for (int i = 0; i < set.prompts().size(); i++) {
            Prompt prompt = set.prompts().get(i);
            List<String> given = result.given().get(i);
            if (prompt.unrelated()) {
                unrelated++;
                alarms += given.isEmpty() ? 0 : 1;
                continue;
            }
            related++;
            brought += given.size();
            long answers = given.stream().filter(prompt.memoryPaths()::contains).count();
            right += (int) answers;
            answered += answers > 0 ? 1 : 0;
        }
        String name = set.name();
        column.add(name + " (" + related + "): recall", fraction(answered / (double) related));
        column.add(name + ": precision", fraction(brought == 0 ? 0 : right / (double) brought));
        column.add(name + ": memories a prompt with answers brought", fraction(brought / (double) related));
        column.add(name + " unrelated (" + unrelated + "): false alarms", fraction(alarms / (double) unrelated));
        column.add(name + ": call time, median/p95 (ms)", Figure.medianP95(new Stats(result.nanos())));
    }

    private static Figure fraction(double value) {
        return new Figure(String.format(Locale.ROOT, "%.3f", value), value);
    }
}

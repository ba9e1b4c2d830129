package dev.memdir.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The printed result: one row per measure, memdir and Node side by side with their ratio, then notes. */
final class Table {

    /** One measure; {@code node} is null where the Node server has no counterpart. */
    record Row(String measure, Figure memdir, Figure node) {

        String ratio() {
            return node == null ? "" : String.format(Locale.ROOT, "%.2f", memdir.value() / node.value());
        }
    }

    private final List<Row> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    void add(String measure, Figure memdir) {
        rows.add(new Row(measure, memdir, null));
    }

    void add(String measure, Figure memdir, Figure node) {
        rows.add(new Row(measure, memdir, node));
    }

    void note(String note) {
        notes.add(note);
    }

    void print(PrintStream out) {
        int measureWidth = "measure".length();
        int memdirWidth = "memdir".length();
        int nodeWidth = "node".length();
        for (Row row : rows) {
            measureWidth = Math.max(measureWidth, row.measure().length());
            memdirWidth = Math.max(memdirWidth, row.memdir().text().length());
            nodeWidth = Math.max(nodeWidth, row.node() == null ? 0 : row.node().text().length());
        }
        String format = "%-" + (measureWidth + 2) + "s%-" + (memdirWidth + 2) + "s%-" + (nodeWidth + 2) + "s%s";
        out.println(String.format(format, "measure", "memdir", "node", "ratio"));
        for (Row row : rows) {
            out.println(String.format(format, row.measure(), row.memdir().text(),
                    row.node() == null ? "" : row.node().text(), row.ratio()).stripTrailing());
        }
        for (String note : notes) {
            out.println("note: " + note);
        }
    }
}

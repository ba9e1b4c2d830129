package dev.memdir.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The printed result: one row per measure, two columns side by side with their ratio, then notes. The columns are
 * memdir and Node (ratio memdir / Node) unless put {@link #beside} each other.
 */
final class Table {

    /** One measure; {@code node} (the second column) is null where it has no counterpart. */
    record Row(String measure, Figure memdir, Figure node) {}

    private final String first;
    private final String second;
    /** Whether the ratio is second / first, as where the first column is the reference. */
    private boolean secondOverFirst;
    private final List<Row> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    Table() {
        this("memdir", "node");
    }

    Table(String first, String second) {
        this.first = first;
        this.second = second;
    }

    /**
     * A table of {@code left}'s first column beside {@code right}'s, row by row; both must have the same measures.
     * The ratio is right / left.
     */
    static Table beside(String leftName, Table left, String rightName, Table right) {
        if (left.rows.size() != right.rows.size()) {
            throw new IllegalArgumentException(left.rows.size() + " rows beside " + right.rows.size());
        }
        Table table = new Table(leftName, rightName);
        table.secondOverFirst = true;
        for (int i = 0; i < left.rows.size(); i++) {
            Row row = left.rows.get(i);
            if (!row.measure().equals(right.rows.get(i).measure())) {
                throw new IllegalArgumentException(row.measure() + " beside " + right.rows.get(i).measure());
            }
            table.add(row.measure(), row.memdir(), right.rows.get(i).memdir());
        }
        return table;
    }

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
        int memdirWidth = first.length();
        int nodeWidth = second.length();
        for (Row row : rows) {
            measureWidth = Math.max(measureWidth, row.measure().length());
            memdirWidth = Math.max(memdirWidth, row.memdir().text().length());
            nodeWidth = Math.max(nodeWidth, row.node() == null ? 0 : row.node().text().length());
        }
        String format = "%-" + (measureWidth + 2) + "s%-" + (memdirWidth + 2) + "s%-" + (nodeWidth + 2) + "s%s";
        out.println(String.format(format, "measure", first, second, "ratio"));
        for (Row row : rows) {
            out.println(String.format(format, row.measure(), row.memdir().text(),
                    row.node() == null ? "" : row.node().text(), ratio(row)).stripTrailing());
        }
        for (String note : notes) {
            out.println("note: " + note);
        }
    }

    private String ratio(Row row) {
        if (row.node() == null) {
            return "";
        }
        double ratio = secondOverFirst ? row.node().value() / row.memdir().value()
                : row.memdir().value() / row.node().value();
        return String.format(Locale.ROOT, "%.2f", ratio);
    }
}

package dev.memdir.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The printed result: one row per measure, columns side by side with their ratios, then notes. The columns are
 * memdir and Node (ratio memdir / Node) unless put {@link #beside} each other.
 */
final class Table {

    /** One measure; a null figure is a column where the measure has no counterpart. */
    record Row(String measure, List<Figure> figures) {}

    private final List<String> columns;
    /** Whether each later column is compared with the first (second / first...), the reference. */
    private boolean overFirst;
    private final List<Row> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    Table() {
        this("memdir", "node");
    }

    Table(String first, String second) {
        this(List.of(first, second));
    }

    private Table(List<String> columns) {
        this.columns = columns;
    }

    /** An empty table of two columns whose ratio is {@code second} / {@code first}. */
    static Table againstFirst(String first, String second) {
        Table table = new Table(List.of(first, second));
        table.overFirst = true;
        return table;
    }

    /** A table of {@code left}'s first column beside {@code right}'s, row by row. The ratio is right / left. */
    static Table beside(String leftName, Table left, String rightName, Table right) {
        return beside(List.of(leftName, rightName), List.of(left, right));
    }

    /**
     * A table of each table's first column beside the others', named {@code names}: the rows of all of them, in the
     * order they first appear, a cell empty where a table has no such row, then all their notes. Each ratio is a column
     * / the first.
     */
    static Table beside(List<String> names, List<Table> tables) {
        requireNameEach(names, tables);
        Map<String, Figure[]> cells = new LinkedHashMap<>();
        for (int column = 0; column < tables.size(); column++) {
            for (Row row : tables.get(column).rows) {
                Figure[] figures = cells.computeIfAbsent(row.measure(), measure -> new Figure[tables.size()]);
                figures[column] = row.figures().get(0);
            }
        }
        Table table = new Table(List.copyOf(names));
        table.overFirst = true;
        cells.forEach((measure, figures) -> table.rows.add(new Row(measure, Arrays.asList(figures))));
        tables.forEach(each -> table.notes.addAll(each.notes));
        return table;
    }

    /**
     * The rows of {@code tables} one table after the other, each measure named after its table ({@code NAME:
     * measure}), then all their notes. The columns, and how ratios are taken, are the first table's: the others must
     * have the same columns.
     */
    static Table stacked(List<String> names, List<Table> tables) {
        requireNameEach(names, tables);
        Table first = tables.get(0);
        Table table = new Table(first.columns);
        table.overFirst = first.overFirst;
        for (int i = 0; i < tables.size(); i++) {
            if (!tables.get(i).columns.equals(first.columns)) {
                throw new IllegalArgumentException("columns " + tables.get(i).columns + " below " + first.columns);
            }
            for (Row row : tables.get(i).rows) {
                table.rows.add(new Row(names.get(i) + ": " + row.measure(), row.figures()));
            }
            table.notes.addAll(tables.get(i).notes);
        }
        return table;
    }

    private static void requireNameEach(List<String> names, List<Table> tables) {
        if (names.size() != tables.size()) {
            throw new IllegalArgumentException(names.size() + " names for " + tables.size() + " tables");
        }
    }

    void add(String measure, Figure memdir) {
        add(measure, memdir, null);
    }

    void add(String measure, Figure memdir, Figure node) {
        rows.add(new Row(measure, Arrays.asList(memdir, node)));
    }

    void note(String note) {
        notes.add(note);
    }

    void print(PrintStream out) {
        List<String> header = new ArrayList<>(List.of("measure"));
        header.addAll(columns);
        header.addAll(ratioNames());
        List<List<String>> lines = new ArrayList<>(List.of(header));
        for (Row row : rows) {
            List<String> line = new ArrayList<>(List.of(row.measure()));
            row.figures().forEach(figure -> line.add(figure == null ? "" : figure.text()));
            line.addAll(ratios(row));
            lines.add(line);
        }
        int[] widths = new int[header.size()];
        for (List<String> line : lines) {
            for (int i = 0; i < line.size(); i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        }
        for (List<String> line : lines) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < line.size(); i++) {
                text.append(String.format("%-" + (widths[i] + 2) + "s", line.get(i)));
            }
            out.println(text.toString().stripTrailing());
        }
        for (String note : notes) {
            out.println("note: " + note);
        }
    }

    /** "ratio" for the one ratio column, else "NAME/FIRST" for each. */
    private List<String> ratioNames() {
        if (columns.size() == 2) {
            return List.of("ratio");
        }
        return columns.subList(1, columns.size()).stream().map(name -> name + "/" + columns.get(0)).toList();
    }

    private List<String> ratios(Row row) {
        List<String> ratios = new ArrayList<>();
        Figure first = row.figures().get(0);
        for (Figure other : row.figures().subList(1, row.figures().size())) {
            ratios.add(first == null || other == null ? ""
                    : overFirst ? ratio(other.value(), first.value()) : ratio(first.value(), other.value()));
        }
        return ratios;
    }

    /** Empty where the divisor is 0, as for a count of none. */
    private static String ratio(double dividend, double divisor) {
        return divisor == 0 ? "" : String.format(Locale.ROOT, "%.2f", dividend / divisor);
    }
}

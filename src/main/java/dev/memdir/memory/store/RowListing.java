package dev.memdir.memory.store;

import dev.memdir.memory.path.MemoryNames;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A listing from rows, as the directory store walks its disk: pre-order, sorted by name ({@link String#compareTo})
 * at each level, names that are not listed left out with everything below them.
 */
final class RowListing {

    private RowListing() {}

    /** Returns the listed entries of the rows below the directory {@code key}, shown below {@code display}. */
    static List<ListedEntry> entries(String display, String key, List<TableRow> rows) {
        Map<String, List<TableRow>> children = new HashMap<>();
        for (TableRow row : rows) {
            if (MemoryNames.listed(row.name())) {
                children.computeIfAbsent(row.parent(), parent -> new ArrayList<>()).add(row);
            }
        }
        children.values().forEach(level -> level.sort(Comparator.comparing(TableRow::name)));
        List<ListedEntry> entries = new ArrayList<>();
        walk(children, key, display, entries);
        return entries;
    }

    private static void walk(Map<String, List<TableRow>> children, String key, String display,
            List<ListedEntry> entries) {
        for (TableRow child : children.getOrDefault(key, List.of())) {
            String childDisplay = display + "/" + child.name();
            entries.add(new ListedEntry(childDisplay, child.directory(), child.size()));
            if (child.directory()) {
                walk(children, child.key(), childDisplay, entries);
            }
        }
    }
}

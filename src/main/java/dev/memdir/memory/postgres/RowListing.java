package dev.memdir.memory.postgres;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.store.ListedEntry;
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
    static List<ListedEntry> entries(String display, String key, List<EntryRows.Listed> rows) {
        Map<String, List<EntryRows.Listed>> children = new HashMap<>();
        for (EntryRows.Listed row : rows) {
            if (MemoryNames.listed(row.name())) {
                children.computeIfAbsent(row.parent(), parent -> new ArrayList<>()).add(row);
            }
        }
        children.values().forEach(level -> level.sort(Comparator.comparing(EntryRows.Listed::name)));
        List<ListedEntry> entries = new ArrayList<>();
        walk(children, key, display, entries);
        return entries;
    }

    private static void walk(Map<String, List<EntryRows.Listed>> children, String key, String display,
            List<ListedEntry> entries) {
        for (EntryRows.Listed child : children.getOrDefault(key, List.of())) {
            String childDisplay = display + "/" + child.name();
            entries.add(new ListedEntry(childDisplay, child.directory(), child.size()));
            if (child.directory()) {
                walk(children, child.key(), childDisplay, entries);
            }
        }
    }
}

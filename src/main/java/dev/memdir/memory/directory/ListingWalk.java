package dev.memdir.memory.directory;

import dev.memdir.memory.path.MemoryNames;
import dev.memdir.memory.store.ContentSeal;
import dev.memdir.memory.store.ListedEntry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The directory store's walk for a listing: listed directories and regular files, pre-order, sorted by name; each
 * directory opened relative to the one above it.
 */
final class ListingWalk {

    private ListingWalk() {}

    static List<ListedEntry> entries(OpenedDirectory directory, String display, int depth, ContentSeal seal) {
        List<ListedEntry> entries = new ArrayList<>();
        walk(directory, display, depth, seal, entries);
        return entries;
    }

    private static void walk(OpenedDirectory directory, String display, int depth, ContentSeal seal,
            List<ListedEntry> entries) {
        for (DirectoryEntry child : listedChildren(directory)) {
            String childDisplay = display + "/" + child.name();
            boolean isDirectory = child.attributes().isDirectory();
            entries.add(new ListedEntry(childDisplay, isDirectory, PlainSize.of(child.attributes(), seal)));
            if (isDirectory && depth > 1) {
                try (OpenedDirectory below = directory.directory(child.name())) {
                    walk(below, childDisplay, depth - 1, seal, entries);
                } catch (IOException unreadable) {
                    // An unreadable or vanished directory lists as empty rather than failing the whole view.
                }
            }
        }
    }

    /**
     * Returns the directories and regular files to list, sorted by name; links and names that are not listed are
     * left out. (Sorted once as a list: a sorted map cost a third of the time of viewing 10,000 files.)
     */
    private static List<DirectoryEntry> listedChildren(OpenedDirectory directory) {
        List<DirectoryEntry> children = new ArrayList<>();
        try {
            for (DirectoryEntry child : DirectoryEntry.of(directory)) {
                if (MemoryNames.listed(child.name())
                        && (child.attributes().isDirectory() || child.attributes().isRegularFile())) {
                    children.add(child);
                }
            }
        } catch (IOException unreadable) {
            // An unreadable or vanished directory lists as empty rather than failing the whole view.
        }
        children.sort(Comparator.comparing(DirectoryEntry::name));
        return children;
    }
}

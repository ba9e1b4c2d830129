package dev.memdir.memory;

import dev.memdir.memory.path.MemoryNames;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The directory store's walk for a listing: listed directories and regular files, pre-order, sorted by name. */
final class ListingWalk {

    private record Child(String name, BasicFileAttributes attributes) {}

    private ListingWalk() {}

    static List<ListedEntry> entries(Path directory, String display, int depth) {
        List<ListedEntry> entries = new ArrayList<>();
        walk(directory, display, depth, entries);
        return entries;
    }

    private static void walk(Path directory, String display, int depth, List<ListedEntry> entries) {
        for (Child child : listedChildren(directory)) {
            String childDisplay = display + "/" + child.name();
            boolean isDirectory = child.attributes().isDirectory();
            entries.add(new ListedEntry(childDisplay, isDirectory, child.attributes().size()));
            if (isDirectory && depth > 1) {
                walk(directory.resolve(child.name()), childDisplay, depth - 1, entries);
            }
        }
    }

    /**
     * Returns the directories and regular files to list, sorted by name; links and names that are not listed are
     * left out. (Sorted once as a list: a sorted map cost a third of the time of viewing 10,000 files.)
     */
    private static List<Child> listedChildren(Path directory) {
        List<Child> children = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory)) {
            for (Path child : stream) {
                String name = child.getFileName().toString();
                if (!MemoryNames.listed(name)) {
                    continue;
                }
                BasicFileAttributes attributes =
                        Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (attributes.isDirectory() || attributes.isRegularFile()) {
                    children.add(new Child(name, attributes));
                }
            }
        } catch (IOException unreadable) {
            // An unreadable or vanished directory lists as empty rather than failing the whole view.
        }
        children.sort(Comparator.comparing(Child::name));
        return children;
    }
}

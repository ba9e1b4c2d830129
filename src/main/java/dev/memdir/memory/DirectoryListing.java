package dev.memdir.memory;

import dev.memdir.memory.render.Messages;
import dev.memdir.memory.render.SizeFormat;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The {@code view} of a directory: itself, then a pre-order walk of two levels, sorted by name at each level. */
final class DirectoryListing {

    private static final int DEPTH = 2;

    private record Entry(String name, BasicFileAttributes attributes) {}

    private DirectoryListing() {}

    static String render(Located directory) throws IOException {
        StringBuilder listing = new StringBuilder(Messages.directoryHeader(directory.display()));
        line(listing, directory.attributes().size(), directory.display());
        walk(directory.disk(), directory.display(), 1, listing);
        return listing.toString();
    }

    private static void walk(Path directory, String display, int depth, StringBuilder listing) {
        for (Entry entry : visibleEntries(directory)) {
            String childDisplay = display + "/" + entry.name();
            if (entry.attributes().isDirectory()) {
                line(listing, entry.attributes().size(), childDisplay).append('/');
                if (depth < DEPTH) {
                    walk(directory.resolve(entry.name()), childDisplay, depth + 1, listing);
                }
            } else {
                line(listing, entry.attributes().size(), childDisplay);
            }
        }
    }

    private static StringBuilder line(StringBuilder listing, long size, String display) {
        return listing.append('\n').append(SizeFormat.format(size)).append('\t').append(display);
    }

    /**
     * Returns the directories and regular files to list, sorted by name; links, hidden names and node_modules are
     * left out. (Sorted once as a list: a sorted map cost a third of the time of viewing 10,000 files.)
     */
    private static List<Entry> visibleEntries(Path directory) {
        List<Entry> entries = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory)) {
            for (Path child : stream) {
                String name = child.getFileName().toString();
                if (!VisibleFiles.visible(name)) {
                    continue;
                }
                BasicFileAttributes attributes =
                        Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (attributes.isDirectory() || attributes.isRegularFile()) {
                    entries.add(new Entry(name, attributes));
                }
            }
        } catch (IOException unreadable) {
            // An unreadable or vanished directory lists as empty rather than failing the whole view.
        }
        entries.sort(Comparator.comparing(Entry::name));
        return entries;
    }
}

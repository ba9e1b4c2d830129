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
import java.util.List;
import java.util.TreeMap;

/** The {@code view} of a directory: itself, then a pre-order walk of two levels, sorted by name at each level. */
final class DirectoryListing {

    private static final int DEPTH = 2;

    private DirectoryListing() {}

    static String render(Located directory) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(Messages.directoryHeader(directory.display()));
        lines.add(SizeFormat.format(directory.attributes().size()) + "\t" + directory.display());
        walk(directory.disk(), directory.display(), 1, lines);
        return String.join("\n", lines);
    }

    private static void walk(Path directory, String display, int depth, List<String> lines) {
        for (var entry : visibleEntries(directory).entrySet()) {
            String childDisplay = display + "/" + entry.getKey();
            BasicFileAttributes attributes = entry.getValue();
            if (attributes.isDirectory()) {
                lines.add(SizeFormat.format(attributes.size()) + "\t" + childDisplay + "/");
                if (depth < DEPTH) {
                    walk(directory.resolve(entry.getKey()), childDisplay, depth + 1, lines);
                }
            } else {
                lines.add(SizeFormat.format(attributes.size()) + "\t" + childDisplay);
            }
        }
    }

    /** Returns the directories and regular files to list, by name; links, hidden names and node_modules are left out. */
    private static TreeMap<String, BasicFileAttributes> visibleEntries(Path directory) {
        TreeMap<String, BasicFileAttributes> entries = new TreeMap<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory)) {
            for (Path child : stream) {
                String name = child.getFileName().toString();
                if (name.startsWith(".") || name.equals("node_modules")) {
                    continue;
                }
                BasicFileAttributes attributes =
                        Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (attributes.isDirectory() || attributes.isRegularFile()) {
                    entries.put(name, attributes);
                }
            }
        } catch (IOException unreadable) {
            // An unreadable or vanished directory lists as empty rather than failing the whole view.
        }
        return entries;
    }
}

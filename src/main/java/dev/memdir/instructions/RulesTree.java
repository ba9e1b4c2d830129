package dev.memdir.instructions;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * The {@code .md} files of a {@code rules/} directory in sorted, depth-first order, so that the result never
 * depends on the file system's listing order. Symlinked directories are followed, once each.
 */
final class RulesTree {

    private RulesTree() {}

    static List<Path> files(Path rulesDirectory, Consulted consulted) {
        List<Path> files = new ArrayList<>();
        consulted.add(rulesDirectory);
        walk(rulesDirectory, new HashSet<>(), files, consulted);
        return files;
    }

    private static void walk(Path directory, Set<Path> visited, List<Path> files, Consulted consulted) {
        try {
            if (!visited.add(directory.toRealPath())) {
                return; // a link back into a directory already walked
            }
        } catch (IOException missing) {
            return;
        }
        TreeMap<String, Path> entries = new TreeMap<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory)) {
            for (Path entry : stream) {
                entries.put(entry.getFileName().toString(), entry);
            }
        } catch (IOException unreadable) {
            return;
        }
        for (Path entry : entries.values()) {
            if (Files.isDirectory(entry)) {
                consulted.add(entry);
                walk(entry, visited, files, consulted);
            } else if (entry.getFileName().toString().endsWith(".md") && Files.isRegularFile(entry)) {
                files.add(entry);
            }
        }
    }
}

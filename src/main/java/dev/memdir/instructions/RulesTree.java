package dev.memdir.instructions;

import dev.memdir.instructions.InstructionSource.Child;
import dev.memdir.instructions.InstructionSource.Kind;
import java.io.IOException;
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

    static List<Path> files(InstructionSource source, Path rulesDirectory, Consulted consulted) {
        List<Path> files = new ArrayList<>();
        consulted.add(rulesDirectory);
        walk(source, rulesDirectory, new HashSet<>(), files, consulted);
        return files;
    }

    private static void walk(InstructionSource source, Path directory, Set<Path> visited, List<Path> files,
            Consulted consulted) {
        try {
            if (!visited.add(source.realPath(directory))) {
                return; // a link back into a directory already walked
            }
        } catch (IOException missing) {
            return;
        }
        TreeMap<String, Child> entries = new TreeMap<>();
        try {
            for (Child entry : source.children(directory)) {
                entries.put(entry.path().getFileName().toString(), entry);
            }
        } catch (IOException unreadable) {
            return;
        }
        for (Child entry : entries.values()) {
            Kind kind = entry.kind() == Kind.LINK
                    ? source.attributes(entry.path()).map(InstructionSource.Attributes::kind).orElse(Kind.OTHER)
                    : entry.kind();
            if (kind == Kind.DIRECTORY) {
                consulted.add(entry.path());
                walk(source, entry.path(), visited, files, consulted);
            } else if (entry.path().getFileName().toString().endsWith(".md") && kind == Kind.FILE) {
                files.add(entry.path());
            }
        }
    }
}

package dev.memdir.context;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A file an agent touched, as the {@code paths:} globs of a memory see it: relative to a project directory, with
 * {@code /} separators. Worked out from the names alone, never from the file system: a client names any path it
 * likes, and a team server's host is not the client's.
 */
final class ProjectFile {

    static final int LONGEST_PATH = 4096;

    private ProjectFile() {}

    /** Returns {@code file} relative to each of {@code projects} it lies below, nearest project first; none outside. */
    static List<String> relativeTo(String file, List<String> projects) {
        Optional<Path> touched = absolute(file);
        List<String> relative = new ArrayList<>();
        if (touched.isEmpty()) {
            return relative;
        }
        List<Path> bases = new ArrayList<>();
        projects.forEach(project -> absolute(project).ifPresent(bases::add));
        bases.sort((a, b) -> b.getNameCount() - a.getNameCount());
        for (Path base : bases) {
            if (touched.get().startsWith(base) && !touched.get().equals(base)) {
                String path = base.relativize(touched.get()).toString().replace('\\', '/');
                if (!relative.contains(path)) {
                    relative.add(path);
                }
            }
        }
        return relative;
    }

    private static Optional<Path> absolute(String name) {
        if (name == null || name.isBlank() || name.length() > LONGEST_PATH) {
            return Optional.empty();
        }
        try {
            Path path = Path.of(name);
            return path.isAbsolute() ? Optional.of(path.normalize()) : Optional.empty();
        } catch (InvalidPathException notAPath) {
            return Optional.empty();
        }
    }
}

package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The temp directories a benchmark fills with files and deletes after. */
public final class TempTrees {

    private TempTrees() {}

    /** Copies the tree at {@code from} into {@code to}, which may exist (what it holds stays). */
    public static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
    }

    /** Deletes {@code base} and everything below it, links as links. */
    public static void delete(Path base) throws IOException {
        try (Stream<Path> paths = Files.walk(base)) {
            for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(path);
            }
        }
    }
}

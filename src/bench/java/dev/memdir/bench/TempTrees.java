package dev.memdir.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Deletes the temp directory a benchmark created for its files. */
public final class TempTrees {

    private TempTrees() {}

    /** Deletes {@code base} and everything below it, links as links. */
    public static void delete(Path base) throws IOException {
        try (Stream<Path> paths = Files.walk(base)) {
            for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(path);
            }
        }
    }
}

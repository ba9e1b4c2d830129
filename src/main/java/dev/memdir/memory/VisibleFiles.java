package dev.memdir.memory;

import dev.memdir.memory.path.MemoryNames;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * The directory store's walk of the regular files a listing shows ({@link MemoryNames#listed}), at any depth;
 * links are neither followed nor reported, unreadable places are skipped.
 */
final class VisibleFiles {

    /** Receives one visible file: the names of its path below the root, and its attributes. */
    interface Visitor {
        void visit(List<String> segments, BasicFileAttributes attributes) throws IOException;
    }

    private VisibleFiles() {}

    static void walk(Path root, Visitor visitor) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
                return directory.equals(root) || MemoryNames.listed(directory.getFileName().toString())
                        ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                if (attributes.isRegularFile() && MemoryNames.listed(file.getFileName().toString())) {
                    List<String> segments = new ArrayList<>();
                    root.relativize(file).forEach(name -> segments.add(name.toString()));
                    visitor.visit(segments, attributes);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE;
            }
        });
    }
}

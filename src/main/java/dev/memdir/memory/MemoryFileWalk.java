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
import java.util.function.Predicate;

/**
 * The directory store's walks of its regular files at any depth: those a listing shows ({@link MemoryNames#listed}),
 * or all but memdir's own ({@link MemoryNames#reserved}); links are neither followed nor reported, unreadable places
 * are skipped.
 */
final class MemoryFileWalk {

    /** Receives one file: the names of its path below the root, and its attributes. */
    interface Visitor {
        void visit(List<String> segments, BasicFileAttributes attributes) throws IOException;
    }

    private MemoryFileWalk() {}

    /** Walks the files a listing shows. */
    static void listed(Path root, Visitor visitor) throws IOException {
        walk(root, MemoryNames::listed, visitor);
    }

    /** Walks every memory file, hidden ones included. */
    static void all(Path root, Visitor visitor) throws IOException {
        walk(root, name -> !MemoryNames.reserved(name), visitor);
    }

    private static void walk(Path root, Predicate<String> walked, Visitor visitor) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
                return directory.equals(root) || walked.test(directory.getFileName().toString())
                        ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                if (attributes.isRegularFile() && walked.test(file.getFileName().toString())) {
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

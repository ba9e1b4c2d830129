package dev.memdir.memory;

import dev.memdir.memory.path.MemoryNames;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The regular files of a memory root that a listing shows ({@link MemoryNames#listed}); links are neither followed
 * nor reported.
 */
public final class VisibleFiles {

    /** Receives one visible file: its path below the root with {@code /} separators, its disk path, attributes. */
    public interface Visitor {
        void visit(String relative, Path file, BasicFileAttributes attributes) throws IOException;
    }

    private VisibleFiles() {}

    /** Calls {@code visitor} for every visible regular file below {@code root}; unreadable places are skipped. */
    public static void walk(Path root, Visitor visitor) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
                return directory.equals(root) || MemoryNames.listed(directory.getFileName().toString())
                        ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                if (attributes.isRegularFile() && MemoryNames.listed(file.getFileName().toString())) {
                    String relative = root.relativize(file).toString()
                            .replace(file.getFileSystem().getSeparator(), "/");
                    visitor.visit(relative, file, attributes);
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

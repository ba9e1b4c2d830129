package dev.memdir.server;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Completion candidates for a path in the project, one directory level at a time as a shell offers them: the
 * entries of the directory the typed text names, relative to the project, directories ending in {@code /}. A whole
 * project (node_modules, .git, build output) is far too big to walk at every keystroke; one directory is not.
 */
final class ProjectPaths {

    private ProjectPaths() {}

    /**
     * Returns the entries of the directory {@code typed} ends in, each as the typed directory part plus its name.
     * Hidden names come only when the typed name starts with a dot; text that leaves the project gives none.
     */
    static Stream<String> candidates(Path project, String typed) throws IOException {
        int slash = typed.lastIndexOf('/');
        String directoryPart = typed.substring(0, slash + 1);
        boolean hidden = typed.substring(slash + 1).startsWith(".");
        Path directory;
        try {
            directory = project.resolve(directoryPart).normalize();
        } catch (InvalidPathException notAPath) {
            return Stream.empty();
        }
        if (directoryPart.startsWith("/") || !directory.startsWith(project) || !Files.isDirectory(directory)) {
            return Stream.empty();
        }
        List<String> entries = new ArrayList<>();
        try (DirectoryStream<Path> children = Files.newDirectoryStream(directory)) {
            for (Path child : children) {
                String name = child.getFileName().toString();
                if (hidden || !name.startsWith(".")) {
                    boolean isDirectory = Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS);
                    entries.add(directoryPart + name + (isDirectory ? "/" : ""));
                }
            }
        }
        return entries.stream();
    }
}

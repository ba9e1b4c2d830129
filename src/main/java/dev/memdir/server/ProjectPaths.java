package dev.memdir.server;

import dev.memdir.instructions.InstructionSource;
import java.io.IOException;
import java.nio.file.InvalidPathException;
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

    /** As {@link #candidates(InstructionSource, Path, String)} on the host's file system. */
    static Stream<String> candidates(Path project, String typed) throws IOException {
        return candidates(InstructionSource.host(), project, typed);
    }

    /**
     * Returns the entries of the directory {@code typed} ends in, each as the typed directory part plus its name.
     * Hidden names come only when the typed name starts with a dot; text that leaves the project gives none.
     */
    static Stream<String> candidates(InstructionSource files, Path project, String typed) throws IOException {
        int slash = typed.lastIndexOf('/');
        String directoryPart = typed.substring(0, slash + 1);
        boolean hidden = typed.substring(slash + 1).startsWith(".");
        Path directory;
        try {
            directory = project.resolve(directoryPart).normalize();
        } catch (InvalidPathException notAPath) {
            return Stream.empty();
        }
        if (directoryPart.startsWith("/") || !directory.startsWith(project) || files.attributes(directory)
                .filter(found -> found.kind() == InstructionSource.Kind.DIRECTORY).isEmpty()) {
            return Stream.empty();
        }
        List<String> entries = new ArrayList<>();
        for (InstructionSource.Child child : files.children(directory)) {
            String name = child.path().getFileName().toString();
            if (hidden || !name.startsWith(".")) {
                boolean isDirectory = child.kind() == InstructionSource.Kind.DIRECTORY;
                entries.add(directoryPart + name + (isDirectory ? "/" : ""));
            }
        }
        return entries.stream();
    }
}

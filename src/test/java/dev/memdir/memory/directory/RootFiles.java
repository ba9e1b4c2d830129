package dev.memdir.memory.directory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The files of a directory store as tests compare them: each by its path below the root, its content in hex. */
public final class RootFiles {

    private RootFiles() {}

    /** Returns every file below {@code root}, memdir's own ({@code .memdir...}: history, tokens, locks) left out. */
    public static Map<String, String> of(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                String relative = root.relativize(file).toString();
                if (!relative.startsWith(".memdir")) {
                    files.put(relative, HexFormat.of().formatHex(Files.readAllBytes(file)));
                }
            }
        }
        return files;
    }
}

package dev.memdir.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The packaged jar under test and the java that runs it. */
final class Jar {

    private Jar() {}

    static Path path() {
        Path jar = Path.of(System.getProperty("memdir.jar", "target/memdir.jar")).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: end-to-end tests run after 'mvn package'");
        }
        return jar;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * Returns the recommended launch line the build printed ({@code target/launch-line.txt}: C1, the serial
     * collector and the build's start-up archive) with {@code args} after it: for tests that start many servers.
     */
    static List<String> recommended(String... args) throws IOException {
        String line = Files.readString(path().resolveSibling("launch-line.txt")).trim();
        if (!line.endsWith(" -jar " + path())) {
            throw new IllegalStateException("target/launch-line.txt holds no launch line of this jar: " + line);
        }
        List<String> command = new ArrayList<>(List.of(line.split(" ")));
        command.addAll(List.of(args));
        return command;
    }

    /** Returns {@code java -jar memdir.jar args...}. */
    static List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(java(), "-jar", path().toString()));
        command.addAll(List.of(args));
        return command;
    }
}

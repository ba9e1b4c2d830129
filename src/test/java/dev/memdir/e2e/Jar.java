package dev.memdir.e2e;

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

    /** Returns {@code java -jar memdir.jar args...}. */
    static List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(java(), "-jar", path().toString()));
        command.addAll(List.of(args));
        return command;
    }
}

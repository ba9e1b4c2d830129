package dev.memdir.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The command lines the bench starts, relative to the repository root: memdir's plain and recommended launch
 * lines (and the recommended one on Java 25, when present), and the official Node memory server. Every memdir
 * process gets a home, Claude config and managed-policy directory inside the work directory, so nothing of the
 * real home or {@code /etc} takes part.
 */
final class Launches {

    private static final List<String> PLAIN = List.of("java", "-jar", "target/memdir.jar");
    private static final List<String> DEFAULT_RECOMMENDED = List.of("java", "-XX:TieredStopAtLevel=1",
            "-XX:+UseSerialGC", "-Xshare:auto", "-XX:SharedArchiveFile=target/memdir.jsa", "-Xlog:disable",
            "-Xlog:all=warning:stderr", "-jar", "target/memdir.jar");
    private static final String NODE_SERVER =
            "target/bench-tools/node_modules/@modelcontextprotocol/server-memory/dist/index.js";
    private static final String DEFAULT_JAVA25 = "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java";

    /** A named launch line, up to and including the jar. */
    record Line(String name, List<String> command) {}

    private final Path work;

    Launches(Path work) {
        this.work = work;
    }

    /**
     * The recommended launch line, up to and including the jar: {@code MEMDIR_BENCH_RECOMMENDED} (a JSON array or
     * words separated by spaces) when set, else {@link #DEFAULT_RECOMMENDED}. Once the jar can print its own line
     * ({@code memdir config launch-line}), this is the method to change.
     */
    static List<String> recommended() {
        String line = System.getenv("MEMDIR_BENCH_RECOMMENDED");
        return line == null || line.isBlank() ? DEFAULT_RECOMMENDED : words(line);
    }

    /** The java of a Java 25 JDK: {@code MEMDIR_BENCH_JAVA25}, else Temurin 25's usual place; empty when missing. */
    static Optional<String> java25() {
        String java = Optional.ofNullable(System.getenv("MEMDIR_BENCH_JAVA25")).orElse(DEFAULT_JAVA25);
        return Files.isExecutable(Path.of(java)) ? Optional.of(java) : Optional.empty();
    }

    static Line recommendedLine() {
        return new Line("recommended", recommended());
    }

    /** The memdir lines the start-up rows compare, in table order. */
    static List<Line> memdirLines() {
        List<Line> lines = new ArrayList<>(List.of(new Line("plain java -jar", PLAIN), recommendedLine()));
        java25().ifPresent(java -> {
            List<String> onJava25 = new ArrayList<>(recommended());
            onJava25.set(0, java);
            lines.add(new Line("recommended, Java 25", onJava25));
        });
        return lines;
    }

    /** memdir started by {@code line} with {@code serverArgs} after it. */
    Launch memdir(Line line, String... serverArgs) {
        List<String> command = new ArrayList<>(line.command());
        command.addAll(Arrays.asList(serverArgs));
        Path home = work.resolve("home");
        return new Launch(line.name(), command, Map.of(
                "MEMDIR_USER_HOME", home.toString(),
                "MEMDIR_HOME", home.resolve(".memdir").toString(),
                "CLAUDE_CONFIG_DIR", home.resolve(".claude").toString(),
                "MEMDIR_MANAGED_DIR", work.resolve("managed").toString()));
    }

    /** The official Node memory server, keeping its graph in {@code memoryFile}. */
    static Launch node(Path memoryFile) {
        return new Launch("node", List.of("node", NODE_SERVER), Map.of("MEMORY_FILE_PATH", memoryFile.toString()));
    }

    private static List<String> words(String line) {
        String trimmed = line.trim();
        if (!trimmed.startsWith("[")) {
            return List.of(trimmed.split("\\s+"));
        }
        try {
            return new ObjectMapper().readValue(trimmed, new TypeReference<List<String>>() {});
        } catch (IOException e) {
            throw new IllegalArgumentException("MEMDIR_BENCH_RECOMMENDED is not a JSON array of strings: " + line);
        }
    }
}

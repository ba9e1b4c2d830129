package dev.memdir.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memdir.e2e.support.JarLauncher;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
     * words separated by spaces) when set, else what {@code memdir config command} prints for {@code java}.
     */
    static List<String> recommended() {
        String line = System.getenv("MEMDIR_BENCH_RECOMMENDED");
        return line == null || line.isBlank() ? printedLine("java") : words(line);
    }

    /** The line {@code memdir config command} prints when run by {@code java} (it writes the archive if missing). */
    private static List<String> printedLine(String java) {
        try {
            Process process = JarLauncher.of(List.of(java, "-jar", JarLauncher.jar().toString(), "config", "command"))
                    .stderrInherited().start();
            String line = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (process.waitFor() != 0 || line.isEmpty() || line.contains("'")) {
                throw new BenchFailure("'" + java + " -jar target/memdir.jar config command' printed no plain line: "
                        + line);
            }
            return words(line);
        } catch (IOException e) {
            throw new BenchFailure("cannot run " + java + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchFailure("interrupted");
        }
    }

    /** The java of a Java 25 JDK: {@code MEMDIR_BENCH_JAVA25}, else Temurin 25's usual place; empty when missing. */
    static Optional<String> java25() {
        String java = Optional.ofNullable(System.getenv("MEMDIR_BENCH_JAVA25")).orElse(DEFAULT_JAVA25);
        return Files.isExecutable(Path.of(java)) ? Optional.of(java) : Optional.empty();
    }

    static Line plainLine() {
        return new Line("plain java -jar", JarLauncher.plain().command());
    }

    static Line recommendedLine() {
        return new Line("recommended", recommended());
    }

    /** The memdir lines the start-up rows compare, in table order. */
    static List<Line> memdirLines() {
        List<Line> lines = new ArrayList<>(List.of(plainLine(), recommendedLine()));
        java25().ifPresent(java -> lines.add(new Line("recommended, Java 25", printedLine(java))));
        return lines;
    }

    /** memdir started by {@code line} with {@code serverArgs} after it. */
    Launch memdir(Line line, String... serverArgs) {
        return memdir(line, Arrays.asList(serverArgs));
    }

    /** memdir started by {@code line} with {@code serverArgs} after it. */
    Launch memdir(Line line, List<String> serverArgs) {
        List<String> command = new ArrayList<>(line.command());
        command.addAll(serverArgs);
        Path home = work.resolve("home");
        return new Launch(line.name(), command, Map.of(
                "HOME", home.toString(),
                "MEMDIR_HOME", home.resolve(".memdir").toString(),
                "CLAUDE_CONFIG_DIR", home.resolve(".claude").toString(),
                "MEMDIR_MANAGED_DIR", work.resolve("managed").toString()));
    }

    /** memdir started by {@code line} alone, as a client registers it, with its root given by the environment. */
    Launch registered(Line line, Path root) {
        return memdir(line).withEnv(Map.of("MEMDIR_ROOT", root.toString()));
    }

    /** memdir started by {@code line} on a new memory in {@code store} holding what {@code seed} holds. */
    Launch memdir(Line line, BenchStore store, Path seed, List<String> limits) throws IOException,
            InterruptedException {
        return memdir(line, store.open(seed, limits)).withEnv(store.env());
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

package dev.memdir.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code java -jar memdir.jar} for tests that start the jar many times: C1 only, the serial collector and
 * a dynamic class-data archive made once in a temp directory take a start from about 1 s to about 0.5 s.
 * None of them changes what memdir does. JVM log output goes to stderr so that stdout stays JSON-RPC only.
 */
final class QuickJar {

    private static final List<String> BASE = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
            "-Xlog:disable", "-Xlog:all=warning:stderr");

    private final List<String> jvmOptions;

    private QuickJar(List<String> jvmOptions) {
        this.jvmOptions = jvmOptions;
    }

    /**
     * Runs the jar once through a few writes with {@code -XX:ArchiveClassesAtExit} into {@code directory};
     * when that leaves no archive, later starts go without one.
     */
    static QuickJar prepare(Path directory) throws Exception {
        Path archive = directory.resolve("memdir.jsa");
        List<String> dump = new ArrayList<>(BASE);
        dump.add("-XX:ArchiveClassesAtExit=" + archive);
        try (PipelinedSession session = PipelinedSession.start(command(dump, "--root",
                directory.resolve("warm-up-root").toString()), directory.resolve("warm-up.log"))) {
            session.initialize(Duration.ofSeconds(60));
            session.call("create", Map.of("path", "/memories/warm.md", "file_text", "one\n"));
            session.call("insert", Map.of("path", "/memories/warm.md", "insert_line", 0, "insert_text", "zero"));
            session.call("str_replace", Map.of("path", "/memories/warm.md", "old_str", "one", "new_str", "two"));
            session.call("rename", Map.of("old_path", "/memories/warm.md", "new_path", "/memories/d/warm.md"));
            session.call("view", Map.of("path", "/memories"));
            session.call("delete", Map.of("path", "/memories/d")).get();
            session.closeAndWait(Duration.ofSeconds(60));
        }
        List<String> options = new ArrayList<>(BASE);
        if (Files.isRegularFile(archive)) {
            options.add("-XX:SharedArchiveFile=" + archive);
        }
        return new QuickJar(List.copyOf(options));
    }

    /** Returns the command that starts the jar with these options and {@code args}. */
    List<String> command(String... args) {
        return command(jvmOptions, args);
    }

    private static List<String> command(List<String> jvmOptions, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Jar.java());
        command.addAll(jvmOptions);
        command.add("-jar");
        command.add(Jar.path().toString());
        command.addAll(List.of(args));
        return command;
    }
}

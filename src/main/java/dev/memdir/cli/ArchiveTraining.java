package dev.memdir.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Writes the start-up archive of a launch line: runs the jar once with the line's training options over a
 * scripted session (training.jsonl: initialize, the listings, every tool, the resources and a prompt, then
 * discover, listings, a call and a read as a 2026-07-28 client sends them) in a
 * throw-away root, home and project, so nothing of the user's memory or settings takes part.
 */
final class ArchiveTraining {

    private static final long TIMEOUT_SECONDS = 120;

    private ArchiveTraining() {}

    /** Returns whether the archive exists after the run. */
    static boolean run(Path java, Path jar, LaunchLine line) throws IOException, InterruptedException {
        Path work = Files.createTempDirectory("memdir-training");
        try {
            List<String> command = new ArrayList<>(List.of(java.toString()));
            command.addAll(line.trainingOptions());
            command.addAll(List.of("-jar", jar.toString(), "--root", work.resolve("root").toString(),
                    "--project", Files.createDirectories(work.resolve("project")).toString()));
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(work.resolve("stderr.log").toFile());
            Path home = work.resolve("home");
            Map<String, String> env = builder.environment();
            env.keySet().removeIf(name -> name.startsWith("MEMDIR_"));
            env.put("HOME", home.toString());
            env.put("CLAUDE_CONFIG_DIR", home.resolve(".claude").toString());
            env.put("MEMDIR_MANAGED_DIR", work.resolve("managed").toString());
            Process process = builder.start();
            try (OutputStream stdin = process.getOutputStream();
                    InputStream session = ArchiveTraining.class.getResourceAsStream("training.jsonl")) {
                session.transferTo(stdin);
            }
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
            return Files.isRegularFile(line.archive());
        } finally {
            deleteTree(work);
        }
    }

    private static void deleteTree(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(path);
            }
        }
    }
}

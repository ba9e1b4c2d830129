package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** One run of the jar as a command, with empty stdin, to its exit: the exit code and what it printed. */
record JarRun(int exit, String stdout, String stderr) {

    /** Runs {@code java -jar memdir.jar args...}; {@code temp} holds the empty stdin file. */
    static JarRun of(Path temp, String... args) throws Exception {
        Path empty = temp.resolve("empty-stdin");
        if (!Files.exists(empty)) {
            Files.writeString(empty, "");
        }
        Process process = new ProcessBuilder(Jar.command(args))
                .redirectInput(ProcessBuilder.Redirect.from(empty.toFile()))
                .start();
        byte[] stdout = process.getInputStream().readAllBytes();
        byte[] stderr = process.getErrorStream().readAllBytes();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new JarRun(process.exitValue(), new String(stdout, StandardCharsets.UTF_8),
                new String(stderr, StandardCharsets.UTF_8));
    }
}

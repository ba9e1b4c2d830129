package dev.memdir.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * One run of the jar as a command, with stdin at its end, to its exit: the exit code and what it printed. It runs in
 * {@code temp} unless its launcher names another working directory, so a relative path it is given lands there.
 */
public record JarRun(int exit, String stdout, String stderr) {

    /** Runs {@code java -jar memdir.jar args...} in {@code temp}; its output is kept there until read. */
    public static JarRun of(Path temp, String... args) throws Exception {
        return of(temp, JarLauncher.plain(args));
    }

    /** Runs {@code launcher}'s line; stdout and stderr go to files in {@code temp}, so neither can fill a pipe. */
    public static JarRun of(Path temp, JarLauncher launcher) throws Exception {
        Path out = Files.createTempFile(temp, "run", ".out");
        Path err = Files.createTempFile(temp, "run", ".err");
        Process process = launcher.inUnlessChosen(temp).emptyStdin().stdoutTo(out).stderrTo(err).start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as(String.join(" ", launcher.command())).isTrue();
        JarRun run = new JarRun(process.exitValue(), Files.readString(out), Files.readString(err));
        Files.delete(out);
        Files.delete(err);
        return run;
    }
}

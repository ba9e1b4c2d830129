package dev.memdir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.config.SettingsResolver;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One run of memdir's command line in this JVM, as the jar runs it but in a working directory of the test's own (a
 * relative path given lands there, never in the checkout): its exit code and what it printed.
 */
record InProcessRun(int exit, String out, String err) {

    /** Runs {@code command} and then the words of {@code words} (split at spaces), then {@code more}. */
    static InProcessRun inWords(Path workingDirectory, String command, String words, String... more) {
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(List.of(words.split(" ")));
        args.addAll(List.of(more));
        return in(workingDirectory, args.toArray(String[]::new));
    }

    static InProcessRun in(Path workingDirectory, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            Files.createDirectories(workingDirectory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        SettingsResolver resolver = SettingsResolver.forEnvironment(System.getenv(), System.getProperty("user.home"),
                workingDirectory);
        int exit = Main.run(args, new Invocation(InputStream.nullInputStream(), out,
                new PrintStream(err, true, StandardCharsets.UTF_8), resolver));
        return new InProcessRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Asserts that the command line was refused: a usage error, the lines {@code fault} then {@code use} on stderr. */
    void assertRefused(String fault, String use) {
        assertThat(exit).isEqualTo(ExitCode.USAGE.code());
        assertThat(err).isEqualTo("memdir: " + fault + "\n" + use + "\n");
        assertThat(out).isEmpty();
    }
}

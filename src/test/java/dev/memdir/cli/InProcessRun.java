package dev.memdir.cli;

import dev.memdir.config.SettingsResolver;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One run of memdir's command line in this JVM, as the jar runs it but in a working directory of the test's own (a
 * relative path given lands there, never in the checkout): its exit code and what it printed.
 */
record InProcessRun(int exit, String out, String err) {

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
}

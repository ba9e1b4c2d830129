package dev.memdir.cli;

import dev.memdir.config.ConfigException;
import dev.memdir.config.Settings;
import dev.memdir.config.SettingsResolver;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * One run of memdir's command line: its streams, and the environment, home and working directory its settings are
 * resolved against (a test runs the command line in a directory of its own).
 *
 * @param in stdin, the protocol's input when serving over stdio
 * @param out stdout: the protocol's output when serving, else what a command prints
 * @param err stderr: errors and logs
 * @param resolver resolves the settings
 */
record Invocation(InputStream in, OutputStream out, PrintStream err, SettingsResolver resolver) {

    /** Returns stdout for a command's text (in UTF-8). */
    PrintStream stdout() {
        return new PrintStream(out, true, StandardCharsets.UTF_8);
    }

    /** Returns the settings {@code flags} give; empty when they are wrong, which was printed as one line. */
    Optional<Settings> settings(Map<String, String> flags) {
        return settings(flags, false);
    }

    /**
     * As {@link #settings(Map)}, for a command that names its stores itself ({@code memdir store}); a bucket among
     * them when {@code bucketNamed}.
     */
    Optional<Settings> settings(Map<String, String> flags, boolean bucketNamed) {
        try {
            return Optional.of(resolver.resolve(flags, bucketNamed));
        } catch (ConfigException e) {
            err.println("memdir: " + e.getMessage());
            return Optional.empty();
        }
    }
}

package dev.memdir.e2e.support;

import io.modelcontextprotocol.client.transport.ServerParameters;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The one way the end-to-end tests and the bench start the packaged jar: its command line (plain {@code java -jar},
 * the recommended line the build printed, or any line that wraps one of them), environment variables added and
 * removed, the working directory, and where stdin comes from and stdout and stderr go. Unset, the streams are
 * pipes and the environment is this JVM's.
 */
public final class JarLauncher {

    private final List<String> command;
    private final Map<String, String> env = new HashMap<>();
    private final List<Predicate<String>> removed = new ArrayList<>();
    private Path directory;
    private ProcessBuilder.Redirect stdin = ProcessBuilder.Redirect.PIPE;
    private ProcessBuilder.Redirect stdout = ProcessBuilder.Redirect.PIPE;
    private ProcessBuilder.Redirect stderr = ProcessBuilder.Redirect.PIPE;

    private JarLauncher(List<String> command) {
        this.command = new ArrayList<>(command);
    }

    /** The packaged jar under test: {@code -Dmemdir.jar}, else {@code target/memdir.jar}. */
    public static Path jar() {
        Path jar = Path.of(System.getProperty("memdir.jar", "target/memdir.jar")).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: end-to-end tests run after 'mvn package'");
        }
        return jar;
    }

    /** The java of this JVM, which runs the jar. */
    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * {@code java -jar memdir.jar args...}. With {@code -Dmemdir.it.recommendedOptions=true}, which the build's
     * end-to-end run sets, the JVM options of the recommended launch line come before {@code -jar} (C1, the serial
     * collector, the start-up archive): the tests start hundreds of servers, and on CI's two cores these options
     * take about 40% less CPU for the same test (EncryptionIT: 146 s of CPU instead of 238). The bench, which
     * measures plain {@code java -jar}, never sets it; a build without the archive printed no line, and gets none.
     */
    public static JarLauncher plain(String... args) {
        List<String> command = new ArrayList<>(List.of(java()));
        if (Boolean.getBoolean("memdir.it.recommendedOptions")
                && Files.isRegularFile(jar().resolveSibling("launch-line.txt"))) {
            List<String> line = recommendedLine();
            command.addAll(line.subList(1, line.indexOf("-jar")));
        }
        command.addAll(List.of("-jar", jar().toString()));
        command.addAll(List.of(args));
        return new JarLauncher(command);
    }

    /**
     * The recommended launch line the build printed ({@code target/launch-line.txt}: C1, the serial collector and
     * the build's start-up archive) with {@code args} after it: for tests that start many servers.
     */
    public static JarLauncher recommended(String... args) throws IOException {
        List<String> command = new ArrayList<>(recommendedLine());
        command.addAll(List.of(args));
        return new JarLauncher(command);
    }

    private static List<String> recommendedLine() {
        String line;
        try {
            line = Files.readString(jar().resolveSibling("launch-line.txt")).trim();
        } catch (IOException e) {
            throw new UncheckedIOException("the build printed no launch line (-Dmemdir.archive.skip?)", e);
        }
        if (!line.endsWith(" -jar " + jar())) {
            throw new IllegalStateException("target/launch-line.txt holds no launch line of this jar: " + line);
        }
        return List.of(line.split(" "));
    }

    /** Any command line, for lines that wrap the jar (a shell, setpriv) or other launch lines (the bench's). */
    public static JarLauncher of(List<String> command) {
        return new JarLauncher(command);
    }

    /** Adds JVM options before {@code -jar}. */
    public JarLauncher jvmOptions(String... options) {
        int jarOption = command.indexOf("-jar");
        if (jarOption < 0) {
            throw new IllegalStateException("no -jar in " + command);
        }
        command.addAll(jarOption, List.of(options));
        return this;
    }

    public JarLauncher env(String name, String value) {
        env.put(name, value);
        return this;
    }

    public JarLauncher env(Map<String, String> variables) {
        env.putAll(variables);
        return this;
    }

    /** Removes the inherited variables whose names match (those added by {@link #env} stay). */
    public JarLauncher withoutEnv(Predicate<String> names) {
        removed.add(names);
        return this;
    }

    public JarLauncher withoutEnv(String name) {
        return withoutEnv(name::equals);
    }

    public JarLauncher in(Path workingDirectory) {
        directory = workingDirectory;
        return this;
    }

    /** Runs in {@code workingDirectory} unless {@link #in} chose another: never in the checkout. */
    public JarLauncher inUnlessChosen(Path workingDirectory) {
        if (directory == null) {
            directory = workingDirectory;
        }
        return this;
    }

    /** Stdin at its end from the start, as for a command that is not a session. */
    public JarLauncher emptyStdin() {
        stdin = ProcessBuilder.Redirect.from(new File("/dev/null"));
        return this;
    }

    public JarLauncher stdoutTo(Path file) {
        stdout = ProcessBuilder.Redirect.to(file.toFile());
        return this;
    }

    /** Appends stderr to {@code file}, so that several processes can share one log. */
    public JarLauncher stderrTo(Path file) {
        stderr = ProcessBuilder.Redirect.appendTo(file.toFile());
        return this;
    }

    public JarLauncher stderrInherited() {
        stderr = ProcessBuilder.Redirect.INHERIT;
        return this;
    }

    public List<String> command() {
        return List.copyOf(command);
    }

    public Process start() throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectInput(stdin).redirectOutput(stdout)
                .redirectError(stderr);
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        removed.forEach(names -> builder.environment().keySet().removeIf(names));
        builder.environment().putAll(env);
        return builder.start();
    }

    /**
     * The line as the MCP SDK's stdio client takes it (the client starts the process itself, with its own streams).
     * It can only add variables and has no working directory, so a launcher that needs either is refused.
     */
    public ServerParameters sdkParameters() {
        if (directory != null || !removed.isEmpty() || stdin != ProcessBuilder.Redirect.PIPE
                || stdout != ProcessBuilder.Redirect.PIPE || stderr != ProcessBuilder.Redirect.PIPE) {
            throw new IllegalStateException("the SDK client starts the server itself; it can only add variables");
        }
        return ServerParameters.builder(command.get(0)).args(command.subList(1, command.size())).env(env).build();
    }
}

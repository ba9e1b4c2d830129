package dev.memdir.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.Eventually;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real jar serving HTTP ({@code serve --http 127.0.0.1:0 ...}, or its web page alone: {@code ui --port 0 ...}), its
 * URL read from the line it prints.
 */
public final class ServingJar implements AutoCloseable {

    private static final Pattern SERVING = Pattern.compile("memdir: serving (https?://[^/]+)/mcp");
    private static final Pattern WEB_PAGE =
            Pattern.compile("memdir: web page at (http://[^/\\s]+)(/ui/login\\?secret=\\S+)");

    private final Process process;
    private final Path stderr;
    private final URI base;
    private final String login;

    private ServingJar(Process process, Path stderr, URI base, String login) {
        this.process = process;
        this.stderr = stderr;
        this.base = base;
        this.login = login;
    }

    /** Starts {@code launcher} (whose line serves HTTP) and waits for its serving line. */
    public static ServingJar start(JarLauncher launcher, Path temp) throws IOException, InterruptedException {
        return start(launcher, temp, SERVING);
    }

    /**
     * Starts {@code memdir ui --port 0 options...} in {@code temp} and waits for the address it prints, whose one-time
     * secret {@link #login()} holds.
     */
    public static ServingJar webPage(Path temp, String... options) throws IOException, InterruptedException {
        List<String> args = new java.util.ArrayList<>(List.of("ui", "--port", "0"));
        args.addAll(List.of(options));
        return start(JarLauncher.plain(args.toArray(String[]::new)).in(temp), temp, WEB_PAGE);
    }

    private static ServingJar start(JarLauncher launcher, Path temp, Pattern printed)
            throws IOException, InterruptedException {
        Path err = Files.createTempFile(temp, "serve", ".err");
        Process process = launcher.emptyStdin().stdoutTo(temp.resolve("serve.out")).stderrTo(err).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Matcher serving = printed.matcher(Files.readString(err));
            if (serving.find()) {
                return new ServingJar(process, err, URI.create(serving.group(1)),
                        serving.groupCount() > 1 ? serving.group(2) : "");
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("memdir exited " + process.exitValue() + ": " + Files.readString(err));
            }
            Thread.sleep(50);
        }
        process.destroyForcibly();
        throw new IllegalStateException("memdir printed no serving line: " + Files.readString(err));
    }

    /** Returns {@code http://127.0.0.1:PORT} (or https). */
    public URI base() {
        return base;
    }

    /** Returns the path and query of the web page's one-time address ({@code /ui/login?secret=...}), of {@link #webPage}. */
    public String login() {
        return login;
    }

    public URI mcp() {
        return base.resolve("/mcp");
    }

    public int port() {
        return base.getPort();
    }

    public String stderr() throws IOException {
        return Files.readString(stderr);
    }

    /** Returns the access-log lines so far. */
    public List<String> accessLog() throws IOException {
        return stderr().lines().filter(line -> line.startsWith("memdir: http ")).toList();
    }

    /**
     * Returns the access-log lines once they hold what {@code ready} asks (or as they are after 10 s): a line is
     * written once its answer has gone out, so the last request's may come a moment after the client has it.
     */
    public List<String> accessLogOnce(Predicate<List<String>> ready) throws IOException, InterruptedException {
        Eventually.within(Duration.ofSeconds(10), () -> ready.test(accessLog()));
        return accessLog();
    }

    public Process process() {
        return process;
    }

    /** Sends SIGTERM and waits for the exit: its code, or empty when it did not exit in {@code patience}. */
    public Optional<Integer> terminate(Duration patience) throws InterruptedException {
        process.destroy();
        return process.waitFor(patience.toMillis(), TimeUnit.MILLISECONDS) ? Optional.of(process.exitValue())
                : Optional.empty();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
            }
        }
    }
}

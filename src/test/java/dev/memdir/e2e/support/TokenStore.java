package dev.memdir.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A fresh store that holds tokens, and the real jar on it: {@code memdir token create} on the store, and {@code
 * memdir serve --http} with a project, a managed-instructions directory and a home of the test's own in {@code temp}.
 * The token commands run with the server's project and home: with a bucket, the tokens are in the root memdir would
 * use without {@code --store}, which those choose.
 */
public record TokenStore(JarMemory memory, Path temp) {

    /** A store that {@code storeOptions} choose, which needs no environment of its own. */
    public TokenStore(List<String> storeOptions, Path temp) {
        this(new JarMemory(storeOptions, List.of(), Map.of()), temp);
    }

    /** A fresh store of {@code kind}: "directory" (a root in {@code temp}), "postgres" or "s3". */
    public static TokenStore fresh(String kind, Path temp) throws Exception {
        return new TokenStore(JarMemory.fresh(kind, temp), temp);
    }

    /** Returns the options of a server on the store. */
    public List<String> storeOptions() {
        return memory.options();
    }

    /** Makes a token for {@code user} with {@code args} after ({@code --namespace N ...}) and returns it. */
    public String token(String user, String... args) throws Exception {
        JarRun run = JarRun.of(temp, command(List.of("token", "create", "--user", user), args));
        assertThat(run.exit()).as(run.stderr()).isZero();
        return run.stdout().strip();
    }

    /** Runs {@code memdir words... <this store>} (a token command) to its exit. */
    public JarRun run(String... words) throws Exception {
        return JarRun.of(temp, command(List.of(words)));
    }

    /** Starts {@code memdir serve --http 127.0.0.1:0} on the store, with {@code options} after. */
    public ServingJar serve(String... options) throws Exception {
        return serveAt(List.of(), "127.0.0.1:0", options);
    }

    /** The same at {@code address}, with {@code jvmOptions} before {@code -jar} (a heap cap, a GC log). */
    public ServingJar serveAt(List<String> jvmOptions, String address, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("serve", "--http", address, "--project", project().toString(),
                "--managed-dir", Files.createDirectories(temp.resolve("managed")).toString()));
        args.addAll(memory.options());
        args.addAll(List.of(options));
        return ServingJar.start(JarLauncher.plain(args.toArray(String[]::new))
                .jvmOptions(jvmOptions.toArray(String[]::new)).env(memory.env()).env("HOME", home().toString()),
                temp);
    }

    /** A token command: it takes the options that choose the memory, not those that reach a bucket. */
    private JarLauncher command(List<String> words, String... args) throws Exception {
        List<String> line = new ArrayList<>(words);
        line.addAll(List.of(args));
        line.addAll(memory.choice());
        line.addAll(List.of("--project", project().toString()));
        return JarLauncher.plain(line.toArray(String[]::new)).env("HOME", home().toString());
    }

    private Path project() throws Exception {
        return Files.createDirectories(temp.resolve("project"));
    }

    private Path home() throws Exception {
        return Files.createDirectories(temp.resolve("home"));
    }
}

package dev.memdir.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.postgres.LocalPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A fresh store that holds tokens, and the real jar on it: {@code memdir token create} on the store, and {@code
 * memdir serve --http} with a project, a managed-instructions directory and a home of the test's own in {@code temp}.
 */
public record TokenStore(List<String> storeOptions, Path temp) {

    /** A fresh store of {@code kind}: "directory" (a root in {@code temp}) or "postgres". */
    public static TokenStore fresh(String kind, Path temp) throws Exception {
        return new TokenStore(kind.equals("directory") ? List.of("--root", temp.resolve("memory").toString())
                : List.of("--store", LocalPostgres.shared().freshStoreUrl()), temp);
    }

    /** Makes a token for {@code user} with {@code args} after ({@code --namespace N ...}) and returns it. */
    public String token(String user, String... args) throws Exception {
        JarRun run = JarRun.of(temp, command(List.of("token", "create", "--user", user), args));
        assertThat(run.exit()).as(run.stderr()).isZero();
        return run.stdout().strip();
    }

    /** Runs {@code memdir words... <this store>} to its exit. */
    public JarRun run(String... words) throws Exception {
        return JarRun.of(temp, command(List.of(words)));
    }

    /** Starts {@code memdir serve --http 127.0.0.1:0} on the store, with {@code options} after. */
    public ServingJar serve(String... options) throws Exception {
        return serveAt(List.of(), "127.0.0.1:0", options);
    }

    /** The same at {@code address}, with {@code jvmOptions} before {@code -jar} (a heap cap, a GC log). */
    public ServingJar serveAt(List<String> jvmOptions, String address, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("serve", "--http", address, "--project",
                Files.createDirectories(temp.resolve("project")).toString(), "--managed-dir",
                Files.createDirectories(temp.resolve("managed")).toString()));
        args.addAll(storeOptions);
        args.addAll(List.of(options));
        return ServingJar.start(JarLauncher.plain(args.toArray(String[]::new))
                .jvmOptions(jvmOptions.toArray(String[]::new))
                .env("HOME", Files.createDirectories(temp.resolve("home")).toString()), temp);
    }

    private String[] command(List<String> words, String... args) {
        List<String> line = new ArrayList<>(words);
        line.addAll(List.of(args));
        line.addAll(storeOptions);
        return line.toArray(String[]::new);
    }
}

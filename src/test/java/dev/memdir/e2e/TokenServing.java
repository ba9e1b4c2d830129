package dev.memdir.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memdir.memory.postgres.LocalPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The real jar serving a store that holds tokens: {@code memdir token create} on the store, and {@code memdir serve
 * --http} on it with a project, a managed-instructions directory and a home of the test's own.
 */
final class TokenServing {

    private TokenServing() {}

    /** The options of a fresh store of {@code kind}: "directory" (a root in {@code temp}) or "postgres". */
    static List<String> store(String kind, Path temp) throws Exception {
        return kind.equals("directory") ? List.of("--root", temp.resolve("memory").toString())
                : List.of("--store", LocalPostgres.shared().freshStoreUrl());
    }

    /** Makes a token with {@code args} ({@code --user NAME ...}) on the store and returns it. */
    static String token(Path temp, List<String> store, String... args) throws Exception {
        List<String> line = new ArrayList<>(List.of("token", "create"));
        line.addAll(List.of(args));
        line.addAll(store);
        JarRun run = JarRun.of(temp, line.toArray(String[]::new));
        assertThat(run.exit()).as(run.stderr()).isZero();
        return run.stdout().strip();
    }

    /** Starts {@code memdir serve --http address} on the store, with {@code options} after. */
    static ServingJar serve(Path temp, String address, List<String> store, String... options) throws Exception {
        return serve(temp, List.of(), address, store, options);
    }

    /** The same with {@code jvmOptions} before {@code -jar} (a heap cap, a GC log). */
    static ServingJar serve(Path temp, List<String> jvmOptions, String address, List<String> store,
            String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("serve", "--http", address, "--project",
                Files.createDirectories(temp.resolve("project")).toString(), "--managed-dir",
                Files.createDirectories(temp.resolve("managed")).toString()));
        args.addAll(store);
        args.addAll(List.of(options));
        return ServingJar.start(JarLauncher.plain(args.toArray(String[]::new))
                .jvmOptions(jvmOptions.toArray(String[]::new)).env("MEMDIR_USER_HOME", Files.createDirectories(temp.resolve("home")).toString()), temp);
    }
}

package dev.memdir.bench;

import dev.memdir.e2e.support.JarLauncher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The PostgreSQL store at {@code url}: each memory is a new namespace ({@code bench/UUID}), filled from the seed
 * directory by {@code memdir store copy}, which the bench leaves behind in that database.
 */
final class PostgresBenchStore implements BenchStore {

    private final String url;
    private final Workspace workspace;

    PostgresBenchStore(String url, Workspace workspace) {
        this.url = url;
        this.workspace = workspace;
    }

    @Override
    public String name() {
        return "postgresql";
    }

    @Override
    public List<String> open(Path seed, List<String> limits) throws IOException, InterruptedException {
        List<String> namespaceAndLimits = new ArrayList<>(List.of("--namespace", "bench/" + UUID.randomUUID()));
        namespaceAndLimits.addAll(limits);
        if (!isEmpty(seed)) {
            copy(seed, namespaceAndLimits);
        }
        List<String> args = new ArrayList<>(List.of("--store", url));
        args.addAll(namespaceAndLimits);
        return args;
    }

    private void copy(Path seed, List<String> namespaceAndLimits) throws IOException, InterruptedException {
        List<String> copy = new ArrayList<>(List.of("store", "copy", "--from", seed.toString(), "--to", url));
        copy.addAll(namespaceAndLimits);
        Path log = workspace.log("store-copy");
        Process process = JarLauncher.plain(copy.toArray(String[]::new)).withoutEnv(name -> name.startsWith("MEMDIR_"))
                .emptyStdin().stdoutTo(workspace.log("store-copy-stdout")).stderrTo(log).start();
        if (process.waitFor() != 0) {
            throw new BenchFailure("memdir store copy of " + seed + " into " + url + " exited with "
                    + process.exitValue() + "; see " + log);
        }
    }

    private static boolean isEmpty(Path directory) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.findAny().isEmpty();
        }
    }
}
